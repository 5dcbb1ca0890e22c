import BenchKit

/// The first thing the page shows: per scenario, which configuration to use at each
/// size, by how much, where the winner changes and why (``ScenarioVerdict``).
///
/// One row per scenario and size; the scenario cell links to its section below.
/// Cost: string building.
struct VerdictSection {
    let verdicts: [ScenarioVerdict]

    var html: HTML {
        guard !verdicts.isEmpty else { return "" }
        let rows = verdicts.flatMap { verdict in
            verdict.sizes.map { row(verdict, $0) }
        }
        return """
            <section id="verdicts"><h2>Which configuration to use</h2>\
            <p class="muted">The fastest configuration at each size by median wall time (95% \
            interval of the median); configurations whose interval overlaps the winner's are \
            tied. The raw floor is hand-written SQL, shown for scale, never a winner.</p>\
            <div class="scroll"><table class="verdicts"><thead><tr><th>scenario</th>\
            <th>size</th><th class="text">use</th><th>median</th><th class="text">margin</th>\
            <th class="text">why</th><th class="text">floor</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div></section>
            """
    }

    private func row(_ verdict: ScenarioVerdict, _ size: SizeVerdict) -> HTML {
        let crossover = verdict.crossovers.first { $0.toSize == size.size }
        let margin = size.runnerUp?.speedText ?? "–"
        let floor = size.floor.map { floor -> String in
            floor.ratio >= 1
                ? "\(floor.configuration) \(DecisionFormat.ratio(floor.ratio)) slower"
                : "\(floor.configuration) \(DecisionFormat.ratio(1 / floor.ratio)) faster"
        }
        let crossing: HTML =
            crossover.map { "<br><span class=\"flag\">\($0.sentence)</span>" } ?? ""
        return """
            <tr><td class="text"><a href="#\(ScenarioSection.anchor(verdict.scenario))">\
            \(verdict.scenario.description)</a></td><td>\(SizeFormat.short(size.size))</td>\
            <td class="text"><strong>\(size.choice)</strong>\(crossing)</td>\
            <td>\(size.timeText)</td>\
            <td class="text">\(margin)</td><td class="text why">\(size.why ?? "–")</td>\
            <td class="text">\(floor ?? "–")</td></tr>
            """
    }
}
