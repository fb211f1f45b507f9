/// `--inject-stall MS@EVERY`: a windowed run freezes its loop for MS milliseconds
/// every EVERY seconds (no input read, nothing drawn), as a weak kiosk board or a shared
/// machine stalls, so that what input timing does through a stall can be tried by hand and
/// measured in a real window. Headless runs use the script's `stall MS` instead.
public struct StallInjector: Sendable, Equatable {
    /// How long each stall lasts (s) and how often one begins (s).
    public let length: Double
    public let every: Double
    /// When the next stall is due (s, the loop's clock).
    public private(set) var next: Double

    /// A stall lasts 1…60000 ms, as the script's; one begins every 0.1…3600 s, longer than it lasts.
    public static let lengthRange = 1.0...60_000
    public static let everyRange = 0.1...3600.0

    /// From `MS@EVERY` (e.g. "400@3": 400 ms every 3 s), the first due `every` s after `start`;
    /// nil with the reason when the text is not that.
    public static func parse(_ text: String, start: Double = 0) -> Result<StallInjector, StallInjectorError> {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let ms = Double(parts[0]), let every = Double(parts[1]), ms.isFinite, every.isFinite else {
            return .failure(StallInjectorError(message: "--inject-stall takes MS@EVERY, e.g. 400@3: a 400 ms stall every 3 s (got '\(text)')"))
        }
        guard lengthRange.contains(ms) else {
            return .failure(StallInjectorError(message: "--inject-stall: a stall lasts 1…60000 ms (got \(ms))"))
        }
        guard everyRange.contains(every), every * 1000 > ms else {
            return .failure(StallInjectorError(message: "--inject-stall: one every 0.1…3600 s, longer than it lasts (got \(every) s for \(ms) ms)"))
        }
        return .success(StallInjector(length: ms / 1000, every: every, next: start + every))
    }

    /// The stall to make now (s), if one is due at `now`; the next is then due `every` s after
    /// this one was (a late check does not shift the schedule, nor make two at once).
    public mutating func due(at now: Double) -> Double? {
        guard now >= next else { return nil }
        while next <= now { next += every }
        return length
    }
}

public struct StallInjectorError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
