import Foundation

// Thin entry point: everything happens in BenchTool so tests can drive it. Arguments
// that are not UTF-8 are refused here, before Swift's decoding replaces their bytes.
if let refusal = BenchTool.refusal(ofRawArguments: CommandLine.unsafeArgv, count: CommandLine.argc)
{
    FileHandle.standardError.write(Data((refusal + "\n").utf8))
    exit(ExitCode.usage.rawValue)
}
exit(BenchTool.main(CommandLine.arguments).rawValue)
