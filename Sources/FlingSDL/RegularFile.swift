// RegularFile: the check before SDL opens a data file (a photo, a font, the window icon). SDL
// opens with fopen, which on a FIFO blocks until a writer comes, forever (issue 29: the
// watchdog would restart the kiosk into the same hang), and reads a directory's size as 8 EB.
// Anything that is not a regular file is named for what it is instead.
import Glibc

enum RegularFile {
    /// nil when `path` is a regular file that can be opened for reading; otherwise why not,
    /// in words for a message ("a FIFO (named pipe), not a regular file").
    static func problem(_ path: String) -> String? {
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            return errno == ENOENT ? "file not found" : "unreadable (\(String(cString: strerror(errno))))"
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return "unreadable (\(String(cString: strerror(errno))))" }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory, not a file"
        case S_IFIFO: return "a FIFO (named pipe), not a regular file"
        case S_IFCHR, S_IFBLK: return "a device, not a regular file"
        case S_IFSOCK: return "a socket, not a regular file"
        default: return "not a regular file"
        }
    }
}
