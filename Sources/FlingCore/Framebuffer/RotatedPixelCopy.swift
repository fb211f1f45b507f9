/// A frame of 32-bit pixels copied into a display's buffer turned by a `Rotation` (the
/// KMS dumb buffers, XRGB8888, the layout SDL's ARGB8888 surface already has in memory).
/// Rows are copied whole where the rotation keeps them (none, half turned); a quarter turn
/// walks 32×32 tiles, so both sides stay in the cache. Same pixels as `FramebufferFormat.write`
/// for `.xrgb8888`, with the fourth byte kept as the frame has it (a display ignores it).
public enum RotatedPixelCopy {
    /// The tile a quarter turn walks: 32 rows of 32 pixels is 4 KB from each side.
    static let tile = 32

    /// Copies the `width × height` frame at `source` (`sourcePitch` bytes a row), turned
    /// clockwise by `rotation`, to the top-left of `destination` (`destinationPitch` bytes a
    /// row, `destinationWidth × destinationHeight` pixels); what falls outside is cut.
    public static func copy(from source: UnsafeRawPointer, sourcePitch: Int, width: Int, height: Int, rotation: Rotation,
                            into destination: UnsafeMutableRawPointer, destinationPitch: Int,
                            destinationWidth: Int, destinationHeight: Int) {
        let ow = min(rotation.swapsAxes ? height : width, destinationWidth)
        let oh = min(rotation.swapsAxes ? width : height, destinationHeight)
        guard ow > 0, oh > 0 else { return }
        func sourceRow(_ y: Int) -> UnsafePointer<UInt32> { (source + y * sourcePitch).assumingMemoryBound(to: UInt32.self) }
        func destinationRow(_ y: Int) -> UnsafeMutablePointer<UInt32> { (destination + y * destinationPitch).assumingMemoryBound(to: UInt32.self) }
        switch rotation {
        case .none:
            for y in 0..<oh { destinationRow(y).update(from: sourceRow(y), count: ow) }
        case .half:
            for oy in 0..<oh {
                let s = sourceRow(height - 1 - oy), d = destinationRow(oy)
                for ox in 0..<ow { d[ox] = s[width - 1 - ox] }
            }
        case .quarter, .threeQuarters:
            // Output (ox, oy) shows source (oy, height − 1 − ox) turned a quarter clockwise,
            // (width − 1 − oy, ox) turned three quarters (Rotation.sourcePixel).
            var ty = 0
            while ty < oh {
                let y1 = min(ty + tile, oh)
                var tx = 0
                while tx < ow {
                    let x1 = min(tx + tile, ow)
                    for oy in ty..<y1 {
                        let d = destinationRow(oy)
                        if rotation == .quarter {
                            for ox in tx..<x1 { d[ox] = sourceRow(height - 1 - ox)[oy] }
                        } else {
                            let sx = width - 1 - oy
                            for ox in tx..<x1 { d[ox] = sourceRow(ox)[sx] }
                        }
                    }
                    tx = x1
                }
                ty = y1
            }
        }
    }
}
