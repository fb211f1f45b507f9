// RegularFile: the check before SDL opens a data file (a photo, a font, the window icon). SDL
// opens with fopen, which on a FIFO blocks until a writer comes, forever (the
// watchdog would restart the kiosk into the same hang), and reads a directory's size as 8 EB.
// Anything that is not a regular file is named for what it is instead.
import Glibc

enum RegularFile {
    /// Why a path cannot be read as a data file.
    struct Problem {
        /// In words for a message ("a FIFO (named pipe), not a regular file").
        var reason: String
        /// Nothing is there at all (as opposed to something that is not a readable file).
        var missing = false
    }

    /// nil when `path` is a regular file that can be opened for reading; otherwise why not.
    static func problem(_ path: String) -> Problem? {
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            return errno == ENOENT ? Problem(reason: "file not found", missing: true)
                                   : Problem(reason: "unreadable (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return Problem(reason: "unreadable (\(String(cString: strerror(errno))))") }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return Problem(reason: "a directory, not a file")
        case S_IFIFO: return Problem(reason: "a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: return Problem(reason: "a device, not a regular file")
        case S_IFSOCK: return Problem(reason: "a socket, not a regular file")
        default: return Problem(reason: "not a regular file")
        }
    }
}
