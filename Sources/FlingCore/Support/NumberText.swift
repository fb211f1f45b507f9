/// How numbers become text where no locale applies (logs, reports, CSV, JSON-free tool output,
/// option values): the one home of fixed-point and shortest formatting. Shown to a user in
/// their language, numbers go through `Localization.number` instead.
extension Double {
    /// Exactly `decimals` digits after the point, no locale and no "-0": 2.5.fixed(3) == "2.500".
    public func fixed(_ decimals: Int) -> String {
        guard isFinite else { return isNaN ? "nan" : self < 0 ? "-inf" : "inf" }
        var unit: UInt64 = 1
        for _ in 0..<max(0, decimals) { unit *= 10 }
        let scaled = (abs(self) * Double(unit)).rounded()
        // Beyond 2^53 integer digits are not exact anyway: let Swift print it.
        guard scaled < 9e15 else { return "\(self)" }
        let n = UInt64(scaled)
        var s = String(n / unit)
        if decimals > 0 {
            let fraction = String(n % unit)
            s += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return n > 0 && self < 0 ? "-" + s : s
    }

    /// Rounded to `places` decimals and printed as Swift prints that Double: 2.54.text(places: 1)
    /// is "2.5", 3.0 with 1 place "3.0", with 0 places "3". Reports and benches print so.
    public func text(places: Int) -> String {
        var p = 1.0
        for _ in 0..<max(0, places) { p *= 10 }
        let r = (self * p).rounded() / p
        if places <= 0, r.isFinite, abs(r) < 1e15 { return String(Int(r)) }
        return r == 0 ? (places <= 0 ? "0" : "0.0") : String(r)
    }

    /// To the state dump's precision (0.001), as `JSONValue.rounded` writes a number and the
    /// snapshots hold one; a value that is not finite stays as it is.
    public var dumpRounded: Double { isFinite ? (self * 1000).rounded() / 1000 : self }

    /// Up to 3 decimals, trailing zeros dropped: 0.35 → "0.35", 200 → "200", 17.5459 → "17.546".
    public var shortText: String {
        var s = fixed(3)
        guard s.contains(".") else { return s }
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// The shortest decimal that reads back as the same Double, a whole number without ".0":
    /// what `--tune` values and metrics names write, so they parse back exactly.
    public var exactText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return "\(self)"
    }
}
