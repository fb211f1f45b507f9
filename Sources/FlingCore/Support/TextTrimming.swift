// TextTrimming: the few string helpers Fling took from Foundation (which links ICU into a
// static binary): white space trimmed off both ends, a column padded to a width.
extension StringProtocol {
    /// Without the white space (and newlines) at either end.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }

    /// Padded with spaces (or cut) to `width` characters.
    public func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : String(self) + String(repeating: " ", count: width - count)
    }
}
