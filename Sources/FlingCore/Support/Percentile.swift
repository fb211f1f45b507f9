// Percentile: the one quantile every report and bench quotes, and how it is defined.

public enum Statistics {
    /// The q-quantile (0…1) of `values` by linear interpolation between order statistics
    /// (numpy's default, R's type 7): position q·(n − 1) in the sorted values, so the median of
    /// an even count is the mean of the middle two, and a p99 of 300 frames lies between the
    /// 297th and 298th smallest. Nil for no values.
    public static func percentile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        let pos = max(0, min(1, q)) * Double(s.count - 1)
        let lo = Int(pos.rounded(.down)), hi = Int(pos.rounded(.up))
        return s[lo] + (s[hi] - s[lo]) * (pos - Double(lo))
    }
}
