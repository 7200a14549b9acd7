import SlamUI

/// Re-rendering a keyed state view list of 1k rows after 1% of the items
/// changed: the controller's `updateUI()` renders the list (it read its new
/// state), reconciles 1k keys, and must re-render only the 10 rows whose props
/// changed. Reports the time of that update and how many rows rendered.
struct StateViewBenchmark {
    let options: BenchmarkOptions
    var rowCount = 1_000
    var changedPerRun = 10

    func run() throws -> [BenchmarkResult] {
        let list = ItemListView(reference: "list")
        list.items = (0..<rowCount).map { ItemListView.item(id: $0, title: "Item \($0)") }
        let controller = try StateViewController(identifier: "Items", rootView: list)
        let application = Application()
        application.push(controller)
        let rows = list.subviews.compactMap { $0 as? ItemRow }
        precondition(rows.count == rowCount, "the list shows \(rows.count) rows, not \(rowCount)")

        var run = 0
        var renderedRows: [Double] = []
        var seconds: [Double] = []
        let clock = ContinuousClock()
        let warmUp = options.warmUp(for: rowCount)
        for _ in 0..<(warmUp + options.runs(for: rowCount) * 2) {
            run += 1
            // Change the titles of `changedPerRun` items spread over the list (different ones each run).
            var items = list.items
            for index in 0..<changedPerRun {
                let position = (run * 37 + index * (rowCount / changedPerRun)) % rowCount
                items[position] = ItemListView.item(id: position, title: "Item \(position), edited \(run)")
            }
            list.items = items
            let rendersBefore = rows.reduce(0) { $0 + $1.renderCount }
            let elapsed = clock.measure { controller.updateUI() }
            let rendered = rows.reduce(0) { $0 + $1.renderCount } - rendersBefore
            if run > warmUp {
                seconds.append(elapsed.seconds)
                renderedRows.append(Double(rendered))
            }
        }
        withExtendedLifetime(application) {}
        return [
            BenchmarkResult(name: "state view re-render, 1% changed", size: rowCount, unit: .seconds, samples: seconds, target: nil),
            BenchmarkResult(name: "  child state views rendered", size: rowCount, unit: .count, samples: renderedRows,
                            target: .exactly(Double(changedPerRun))),
        ]
    }
}
