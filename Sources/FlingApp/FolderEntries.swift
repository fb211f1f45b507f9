// FolderEntries: the names in a folder, read once with opendir/readdir (the study's files,
// the report's participant folders), without FileManager's Foundation-wide cost.
import Glibc

/// The names in `folder` (not `.` and `..`), sorted; empty when it cannot be read.
func folderEntries(_ folder: String) -> [String] {
    guard let d = opendir(folder) else { return [] }
    defer { closedir(d) }
    var out: [String] = []
    while let e = readdir(d) {
        let name = withUnsafePointer(to: e.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        if name != "." && name != ".." { out.append(name) }
    }
    return out.sorted()
}
