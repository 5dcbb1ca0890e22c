import Foundation

// Thin entry point: everything happens in BenchTool so tests can drive it.
exit(BenchTool.main(CommandLine.arguments).rawValue)
