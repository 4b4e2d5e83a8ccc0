/// The xterm 256-colour palette and the nearest entry to a colour.
///
/// Only entries 16…255 are used: the first 16 are whatever the user's terminal theme made them.
/// Entries 16…231 are a 6×6×6 cube (levels 0, 95, 135, 175, 215, 255); 232…255 a ramp of 24 greys
/// (8, 18, …, 238). Greys get the ramp's finer steps; a colour that is nearly grey is compared
/// against both, and a clearly coloured one never becomes a grey (a muted red stays reddish).
public enum Palette256 {
    static let levels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of palette entry `index` (16…255).
    public static func color(_ index: Int) -> RGB {
        if index >= 232 {
            let value = UInt8(8 + 10 * (index - 232))
            return RGB(value, value, value)
        }
        let cube = max(0, index - 16)
        return RGB(UInt8(levels[cube / 36]), UInt8(levels[cube / 6 % 6]), UInt8(levels[cube % 6]))
    }

    /// The palette entry (16…255) nearest to `color`.
    ///
    /// - Complexity: O(1): the nearest cube level per channel and the nearest grey, compared.
    public static func nearest(_ color: RGB) -> Int {
        let red = nearestLevel(Int(color.red))
        let green = nearestLevel(Int(color.green))
        let blue = nearestLevel(Int(color.blue))
        let cubeIndex = 16 + 36 * red + 6 * green + blue
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let greyIndex = 232 + greyStep
        // A grey loses the hue, which the eye misses more than a little lightness: only a colour
        // that is nearly grey (channels within 32 of each other) may become one.
        let chroma =
            max(color.red, color.green, color.blue) - min(color.red, color.green, color.blue)
        guard chroma < 32 else { return cubeIndex }
        return distance(color, Self.color(greyIndex)) < distance(color, Self.color(cubeIndex)) ? greyIndex : cubeIndex
    }

    /// Weighted squared distance ("redmean"): closer to what the eye sees than plain RGB.
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let meanRed = (Int(a.red) + Int(b.red)) / 2
        let dr = Int(a.red) - Int(b.red)
        let dg = Int(a.green) - Int(b.green)
        let db = Int(a.blue) - Int(b.blue)
        return ((512 + meanRed) * dr * dr >> 8) + 4 * dg * dg + ((767 - meanRed) * db * db >> 8)
    }

    private static func nearestLevel(_ value: Int) -> Int {
        var best = 0
        for (index, level) in levels.enumerated() where abs(level - value) < abs(levels[best] - value) { best = index }
        return best
    }
}
