// RestaurantFile: restaurants.json checked whole at start and kept as an index of its rows;
// each row is read back from the file and built when the list first shows it (100,000 rows
// built whole took 2 s and 400 MB to start).
import FlingCore
import FoundationEssentials
import Glibc

/// A data file of 100,000 restaurants parsed whole took 2 s and 400 MB to start. Here the
/// file is read once and checked as strictly as before (UTF-8, JSON, every row's fields:
/// the same messages, with file:line:column), then only each row's byte range is kept, and
/// the file stays open: a row is read (`pread`) and built when shown, its image path
/// checked then, and `RestaurantRows` keeps the latest built.
@MainActor
enum RestaurantFile {
    static func rows(_ path: String, images: String) throws(Resources.LoadError) -> RestaurantRows {
        let limit = InteractionConstants.maxDataFileBytes
        let fd: Int32, size: Int, info: stat
        switch openUserFile(path, regularOnly: true, limit: limit, kinds: "data files") {
        case .success(let (f, i)): fd = f; size = Int(i.st_size); info = i
        case .failure(let e) where e.reason == "not found": throw Resources.LoadError(message: "data file not found: \(path)")
        case .failure(let e): throw Resources.LoadError(message: "\(path): data file \(e.reason)")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        let got = bytes.withUnsafeMutableBytes { readFully(fd, $0.baseAddress, size, at: 0) }
        guard got == size else {
            let why = got < 0 ? String(cString: strerror(errno)) : "it changed size while it was read"
            close(fd)
            throw Resources.LoadError(message: "\(path): data file unreadable (\(why))")
        }
        // A byte order mark (an editor's "UTF-8 with BOM") is no JSON: skipped, as the
        // whole-file decode skipped it; the rows' ranges count from after it.
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bom > 0 { bytes.removeFirst(bom) }
        let ranges: [Range<Int>]
        do {
            guard isUTF8(bytes) else {
                // Where: a hand-edited file saved as Latin-1 is found at once.
                let (offset, line, column) = firstInvalidUTF8(bytes)
                throw Resources.LoadError(message: "\(path):\(line):\(column): not UTF-8 text (byte \(offset) starts no UTF-8 character)")
            }
            ranges = try SampleData.restaurantRows(utf8: bytes)
        } catch let e as Resources.LoadError {
            close(fd); throw e
        } catch let e as JSONSyntaxError {
            close(fd); throw Resources.LoadError(message: "\(path):\(e.line):\(e.column): malformed JSON: \(e.message)")
        } catch {
            close(fd); throw Resources.LoadError(message: "\(path): \(error)")
        }
        bytes = []
        let reader = RowReader(path: path, fd: fd, ranges: ranges.map { ($0.lowerBound + bom)..<($0.upperBound + bom) }, images: images,
                               size: info.st_size, modified: info.st_mtim)
        return RestaurantRows(count: ranges.count) { reader.restaurant($0) }
    }

    /// Reads `count` bytes at `offset` (fewer at the end of the file); -1 on an error.
    static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, at offset: Int) -> Int {
        guard let buffer else { return count == 0 ? 0 : -1 }
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, off_t(offset + done))
            if n < 0 { if errno == EINTR { continue }; return -1 }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Whether the bytes are UTF-8 (RFC 3629: no overlong forms, surrogates or code points
    /// past U+10FFFF), without making a string of them (a second copy of the file).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if c < 0x80 { i += 1; continue }
                func cont(_ k: Int) -> Bool { i + k < n && b[i + k] & 0xC0 == 0x80 }
                switch c {
                case 0xC2...0xDF: guard cont(1) else { return false }; i += 2
                case 0xE0...0xEF:
                    guard cont(1), cont(2) else { return false }
                    let c1 = b[i + 1]
                    if c == 0xE0 && c1 < 0xA0 || c == 0xED && c1 >= 0xA0 { return false }
                    i += 3
                case 0xF0...0xF4:
                    guard cont(1), cont(2), cont(3) else { return false }
                    let c1 = b[i + 1]
                    if c == 0xF0 && c1 < 0x90 || c == 0xF4 && c1 >= 0x90 { return false }
                    i += 4
                default: return false
                }
            }
            return true
        }
    }
}

/// Reads and builds one row of an open data file. What goes wrong after start (the file
/// written over under the app) is said once, and the rows it spoils show empty.
@MainActor
private final class RowReader {
    let path: String, fd: Int32, ranges: [Range<Int>], images: String
    /// The file's size and time when it was checked: a file written over in place since
    /// (not replaced: a replaced file's old content stays readable here) has rows elsewhere.
    let size: off_t, modified: timespec
    /// Each image path, checked once (rows share a few photos; each check resolves links).
    private var checked: [String: String] = [:]
    /// The rows whose warnings have been said (a row is built again after it was let go),
    /// and whether the file's change has been.
    private var warned = Set<Int>()
    private var changeSaid = false

    init(path: String, fd: Int32, ranges: [Range<Int>], images: String, size: off_t, modified: timespec) {
        self.path = path; self.fd = fd; self.ranges = ranges; self.images = images; self.size = size; self.modified = modified
    }

    deinit { close(fd) }

    private var changed: Bool {
        var now = stat()
        guard fstat(fd, &now) == 0 else { return true }
        return now.st_size != size || now.st_mtim.tv_sec != modified.tv_sec || now.st_mtim.tv_nsec != modified.tv_nsec
    }

    private static let empty = Restaurant(name: "", type: "", location: "", phone: "", description: "", image: "", isVisited: false)

    func restaurant(_ row: Int) -> Restaurant {
        // Written over since start: its bytes are no longer the rows checked then. Said once;
        // rows not built before show empty (restart the app to read the new file).
        if changed {
            if !changeSaid {
                changeSaid = true
                Log.warning("warning: \(path): changed since start; rows not shown before show empty until Fling starts again")
            }
            return Self.empty
        }
        let range = ranges[row]
        var bytes = [UInt8](repeating: 0, count: range.count)
        let got = bytes.withUnsafeMutableBytes { RestaurantFile.readFully(fd, $0.baseAddress, range.count, at: range.lowerBound) }
        var warnings: [String] = []
        var r: Restaurant
        do {
            guard got == range.count else {
                throw DataFormatError(message: "item \(row + 1) could not be read again (\(got < 0 ? String(cString: strerror(errno)) : "the file is shorter than it was"))")
            }
            r = try SampleData.restaurant(item: bytes, number: row + 1, warnings: &warnings)
        } catch {
            if !changeSaid { changeSaid = true; Log.warning("warning: \(path): \(error); the row shows empty") }
            return Self.empty
        }
        if warned.insert(row).inserted { for w in warnings { Log.warning("warning: \(path): \(w)") } }
        if let known = checked[r.image] { r.image = known } else {
            let name = r.image
            r.image = Resources.checkedImage(name, in: images, entry: "\(path): item \(row + 1) (\"\(r.name)\")")
            checked[name] = r.image
        }
        return r
    }
}
