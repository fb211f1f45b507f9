// StudyReportOutputs: where `fling report STUDY_DIR` may write: never into a participant folder,
// over a file the study is read from, or twice into one file, judged by real paths so that a
// link or a `..` does not get round it.
import Glibc

@MainActor
enum StudyReportOutputs {
    /// A file as the file system knows it (a link or a second name is the same file).
    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64

        init?(_ path: String) {
            var st = stat()
            guard stat(path, &st) == 0 else { return nil }
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
        }
    }

    /// Why the outputs cannot be written where they are named (the message names the option
    /// and its path), or nil when they can.
    static func refusal(_ outputs: [(option: String, path: String?)], participantFolders: [String]) -> String? {
        let named = outputs.compactMap { o in o.path.map { (option: o.option, path: $0) } }
        guard !named.isEmpty else { return nil }
        var folders: [String: String] = [:]   // real path → as the report names it
        var inputs: [FileID: String] = [:]
        for f in participantFolders {
            folders[realPath(f) ?? f] = f
            for name in folderEntries(f) {
                if let id = FileID("\(f)/\(name)") { inputs[id] = "\(f)/\(name)" }
            }
        }
        var earlier: [(option: String, path: String, resolved: String, id: FileID?)] = []
        for (option, path) in named {
            let resolved = resolvedOutput(path), id = FileID(path)
            if let id, let input = inputs[id] {
                return "\(option) \(path) is \(input == path ? "" : "\(input), ")a file the study is read from: the report never writes over its data"
            }
            if let folder = folders[resolved] { return "\(option) \(path) is the participant folder \(folder)" }
            var ancestor = resolved
            while let slash = ancestor.lastIndex(of: "/"), ancestor != "/" {
                ancestor = slash == ancestor.startIndex ? "/" : String(ancestor[..<slash])
                if let folder = folders[ancestor] {
                    return "\(option) \(path) is in the participant folder \(folder): the report never writes among a study's data"
                }
            }
            if let other = earlier.first(where: { $0.resolved == resolved || (id != nil && $0.id == id) }) {
                return "\(other.option) and \(option) are the same file \(other.path)"
            }
            earlier.append((option, path, resolved, id))
        }
        return nil
    }

    /// Where writing `path` would put the file: its real path when it exists; else its folder's
    /// real path and its name, after any dangling links (writing would make their target).
    static func resolvedOutput(_ path: String) -> String {
        if let real = realPath(path) { return real }
        var p = path
        for _ in 0..<40 {
            guard let target = readLink(p) else { break }
            p = target.hasPrefix("/") ? target : split(p).folder + "/" + target
        }
        let (folder, name) = split(p)
        guard let real = realPath(folder) else { return p }
        return (real == "/" ? "" : real) + "/" + name
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }

    private static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
