/// `--screen-schedule 07:00-22:00`: the hours a kiosk's panel is lit. Outside them
/// the panel is powered down (DPMS off on KMS, blanked on fbdev); a touch lights it again for
/// as long as the kiosk stays in use (until `wake` seconds pass with no input), and the idle
/// reset still runs. A range that ends before it starts runs over midnight (22:00-06:00).
/// Times of day are local (the system's time zone), in minutes since midnight, passed in.
public struct ScreenSchedule: Equatable, Sendable, CustomStringConvertible {
    /// Minutes since midnight the panel lights, and goes dark.
    public var on: Int
    public var off: Int

    public init(on: Int, off: Int) { self.on = on; self.off = off }

    public struct ParseError: Error, Equatable { public var message: String }

    /// "HH:MM-HH:MM" (24-hour clock).
    public static func parse(_ text: String) throws(ParseError) -> ScreenSchedule {
        let usage = "--screen-schedule takes HH:MM-HH:MM, the hours the panel is lit (e.g. 07:00-22:00; 22:00-06:00 runs over midnight)"
        let halves = text.split(separator: "-", omittingEmptySubsequences: false)
        func minutes(_ s: Substring) -> Int? {
            let p = s.split(separator: ":", omittingEmptySubsequences: false)
            guard p.count == 2, p[0].count == 2, p[1].count == 2, p.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let h = Int(p[0]), let m = Int(p[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
            return h * 60 + m
        }
        guard halves.count == 2, let on = minutes(halves[0]), let off = minutes(halves[1]) else {
            throw ParseError(message: "\(usage) (got '\(text)')")
        }
        guard on != off else { throw ParseError(message: "--screen-schedule \(text): starts and ends at the same time; a panel lit all day needs no schedule") }
        return ScreenSchedule(on: on, off: off)
    }

    /// Whether the schedule lights the panel at `minute` (minutes since local midnight).
    public func lit(atMinute minute: Double) -> Bool {
        let m = minute.truncatingRemainder(dividingBy: 1440)
        let (a, b) = (Double(on), Double(off))
        return a < b ? (m >= a && m < b) : (m >= a || m < b)
    }

    /// Seconds from `minute` to the schedule's next change (lit to dark or back).
    public func secondsToNextChange(fromMinute minute: Double) -> Double {
        let m = minute.truncatingRemainder(dividingBy: 1440)
        let next = lit(atMinute: m) ? Double(off) : Double(on)
        let ahead = (next - m + 1440).truncatingRemainder(dividingBy: 1440)
        return (ahead == 0 ? 1440 : ahead) * 60
    }

    public var description: String {
        func hhmm(_ m: Int) -> String { (m / 60 < 10 ? "0" : "") + "\(m / 60):" + (m % 60 < 10 ? "0" : "") + "\(m % 60)" }
        return "\(hhmm(on))-\(hhmm(off))"
    }

    /// Whether the panel is lit: inside the hours, or touched in the last `wake` seconds.
    public func panelLit(atMinute minute: Double, now: Double, lastInput: Double?, wake: Double) -> Bool {
        if lit(atMinute: minute) { return true }
        guard let lastInput else { return false }
        return now - lastInput < wake
    }
}
