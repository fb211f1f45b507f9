// ValueCompletion: shell TAB completion of list-valued options (`--tune key=value,…` and
// `replay --compare`), built from the tables that parse those values.
import FlingCore

/// Shell completion of the option values that are lists (`--tune key=value,…`, `replay
/// --compare fluid,tutorial+slop=4`), as argument-parser's `.custom` completions: the shell
/// asks `fling ---completion … -- --tune …` at each TAB. The candidates come from the tables
/// that parse these values (`Tuning.keys`, `SheetPolicyKind`), so a new key or policy
/// completes with no change here.
///
/// Each candidate is the whole word (what was typed up to its last item, then the item), as
/// the shells filter candidates by the word's prefix. bash splits words at `=`, so there only
/// the first key of a list completes; zsh and fish complete every one.
enum ValueCompletion {
    /// `--tune`: the last comma-separated item as a key not given yet, `key=`.
    @Sendable static func tune(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let (head, item) = split(prefix, at: ",")
        return keys(after: head, completing: item, setting: head)
    }

    /// `replay --compare`: a setting is a policy, then `+key=value` for each tuning key; after
    /// a comma comes the next setting or more `key=value` for the one before.
    @Sendable static func compare(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let (head, item) = split(prefix, at: ",")
        guard item.contains("+") else {
            // A policy's name, or after a comma a key for the setting before.
            let policies = SheetPolicyKind.allCases.map(\.rawValue).filter { $0.hasPrefix(item) }.map { head + $0 }
            return policies + (head.isEmpty ? [] : keys(after: head, completing: item, setting: setting(endingAt: head)))
        }
        let (before, key) = split(prefix, at: "+")
        return keys(after: before, completing: key, setting: setting(endingAt: before))
    }

    /// `text` cut after its last `separator`: what comes before (separator included) and the
    /// item being typed.
    private static func split(_ text: String, at separator: Character) -> (String, String) {
        guard let i = text.lastIndex(of: separator) else { return ("", text) }
        return (String(text[...i]), String(text[text.index(after: i)...]))
    }

    /// The last setting of a `--compare` list: from its policy on.
    private static func setting(endingAt text: String) -> String {
        let items = text.split(separator: ",")
        let start = items.lastIndex { !($0.split(separator: "+").first ?? "").contains("=") } ?? 0
        return items[start...].joined(separator: ",")
    }

    /// `head` + `key=` for each tuning key that starts with `item` and is not given in `setting`.
    private static func keys(after head: String, completing item: String, setting: String) -> [String] {
        // Typing a value already: nothing to offer.
        guard !item.contains("=") else { return [] }
        let given = Set(setting.split(whereSeparator: { $0 == "," || $0 == "+" }).filter { $0.contains("=") }
            .compactMap { $0.split(separator: "=").first.map(String.init) })
        return Tuning.keys.map(\.name).filter { $0.hasPrefix(item) && !given.contains($0) }.map { head + $0 + "=" }
    }
}
