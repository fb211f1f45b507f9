// FramebufferOutput: frames copied into a Linux framebuffer (`--output fbdev`): opening and
// mapping the device or a stand-in file, remapping after a console switch, writing each frame.
import FlingCore
import FoundationEssentials
import Glibc
#if canImport(Glibc)
import Glibc
#endif

/// `--output fbdev[:PATH]` (kiosks): frames copied into a Linux framebuffer. PATH is a device
/// (/dev/fb0: its layout read with FBIOGET_VSCREENINFO / FBIOGET_FSCREENINFO) or a regular
/// file standing in for one (`--fb-mode WxHxBPP` gives its layout). Either is mapped with mmap
/// and written in place by `FramebufferFormat.write`, turned by --rotate.
@MainActor
final class FramebufferOutput {
    let path: String
    let format: FramebufferFormat
    let rotation: Rotation
    private let fd: Int32
    private var map: UnsafeMutableRawPointer
    private let mapLength: Int
    /// Where the visible page starts in the mapping (yoffset/xoffset of a panned device).
    private let visibleOffset: Int
    private(set) var framesShown = 0
    /// A device (not a regular file standing in for one): it can be blanked.
    private let isDevice: Bool

    struct Failure: Error { var message: String }

    static let FBIOGET_VSCREENINFO: UInt = 0x4600
    static let FBIOGET_FSCREENINFO: UInt = 0x4602
    /// FBIOBLANK's argument: FB_BLANK_UNBLANK, FB_BLANK_POWERDOWN (linux/fb.h).
    static let FBIOBLANK: UInt = 0x4611, FB_BLANK_UNBLANK: Int32 = 0, FB_BLANK_POWERDOWN: Int32 = 4

    init(path: String, mode: FramebufferFormat?, rotation: Rotation) throws(Failure) {
        self.path = path
        self.rotation = rotation
        var st = stat()
        let exists = stat(path, &st) == 0
        isDevice = exists && (st.st_mode & S_IFMT) == S_IFCHR
        if isDevice {
            let dev = open(path, O_RDWR | O_CLOEXEC)
            fd = dev
            guard dev >= 0 else {
                throw Failure(message: "\(path): \(String(cString: strerror(errno))) (is the user in the video group?)")
            }
            var v = [UInt8](repeating: 0, count: 160), f = [UInt8](repeating: 0, count: 128)
            guard v.withUnsafeMutableBytes({ ioctl(dev, FramebufferOutput.FBIOGET_VSCREENINFO, $0.baseAddress!) }) == 0,
                  f.withUnsafeMutableBytes({ ioctl(dev, FramebufferOutput.FBIOGET_FSCREENINFO, $0.baseAddress!) }) == 0 else {
                Glibc.close(fd)
                throw Failure(message: "\(path): not a framebuffer device (FBIOGET_VSCREENINFO failed: \(String(cString: strerror(errno))))")
            }
            let parsed = FramebufferFormat.fromScreenInfo(variable: v, fixed: f)
            format = parsed.format
            visibleOffset = parsed.visibleOffset
            mapLength = max(parsed.memoryLength, visibleOffset + format.byteCount)
        } else {
            guard let mode else {
                throw Failure(message: "\(path): not a framebuffer device; for a regular file standing in for one, give --fb-mode WxHxBPP")
            }
            format = mode
            visibleOffset = 0
            mapLength = mode.byteCount
            fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw Failure(message: "\(path): \(String(cString: strerror(errno)))") }
            guard ftruncate(fd, off_t(mapLength)) == 0 else {
                Glibc.close(fd)
                throw Failure(message: "\(path): could not be sized to \(mapLength) bytes: \(String(cString: strerror(errno)))")
            }
            // Its blocks allocated for real: a sparse file on a full disk was mapped, and the
            // first frame written died of SIGBUS.
            let allocated = posix_fallocate(fd, 0, off_t(mapLength))
            guard allocated == 0 else {
                Glibc.close(fd)
                throw Failure(message: allocated == ENOSPC
                    ? "\(path): no room for the framebuffer's \(mapLength) bytes: \(String(cString: strerror(allocated)))"
                    : "\(path): the framebuffer's \(mapLength) bytes could not be allocated: \(String(cString: strerror(allocated)))")
            }
        }
        if let problem = format.problem { Glibc.close(fd); throw Failure(message: "\(path): \(problem)") }
        guard let m = mmap(nil, mapLength, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), m != MAP_FAILED else {
            Glibc.close(fd)
            throw Failure(message: "\(path): mmap failed: \(String(cString: strerror(errno)))")
        }
        map = m
        Log.info("fbdev: \(path): \(format)")
    }

    /// Maps the framebuffer anew. After a switch to another console and back, the DRM drivers'
    /// fbdev emulation (deferred I/O: it learns of writes through page faults) no longer saw
    /// Fling's writes through the old mapping: the panel kept the frame from before the
    /// switch (virtio-gpu, Linux 6.1). A fresh mapping faults again on its first write.
    func remap() {
        guard let m = mmap(nil, mapLength, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), m != MAP_FAILED else {
            Log.warning("fbdev: \(path): could not be mapped again (\(String(cString: strerror(errno)))); frames keep the old mapping")
            return
        }
        munmap(map, mapLength)
        map = m
    }

    /// The layout size in pt for a scale: the panel's pixels, turned back.
    func layoutSize(scale: Double) -> Size {
        rotation.layoutSize(panel: Size(Double(format.width) / scale, Double(format.height) / scale))
    }

    /// Copies one frame (layout orientation) onto the screen.
    func show(_ frame: RGBAImage) {
        let buffer = UnsafeMutableRawBufferPointer(start: map + visibleOffset, count: mapLength - visibleOffset)
        format.write(frame, rotation: rotation, into: buffer)
        framesShown += 1
    }

    /// The panel blanked (powered down where the driver can) or lit again: false for a
    /// regular file, or a driver that refuses.
    func blank(_ off: Bool) -> Bool {
        guard isDevice else { return false }
        return ioctl(fd, Self.FBIOBLANK, off ? Self.FB_BLANK_POWERDOWN : Self.FB_BLANK_UNBLANK) == 0
    }

    /// The visible page black.
    func clear() {
        (map + visibleOffset).initializeMemory(as: UInt8.self, repeating: 0, count: min(format.byteCount, mapLength - visibleOffset))
    }

    func unmap() {
        munmap(map, mapLength)
        Glibc.close(fd)
    }
}
