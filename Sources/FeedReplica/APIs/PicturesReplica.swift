import FeedPictures
import Synchronization

/// The pictures the other replicas point at, drawn and encoded at run time (libpng, libjpeg):
/// nothing binary is committed. `feedscroll pokeapi --sprites-url` takes its base URL.
///
/// | path below `/sprites` | picture |
/// |---|---|
/// | `pokemon/other/official-artwork/{id}.png` | 475×475 RGBA PNG, transparent background (as PokeAPI's) |
/// | `pokemon/{id}.png` | 96×96 RGBA PNG (the front sprite) |
/// | `avatars/{name}.png`, `avatars/{name}.jpg` | 120×120 opaque avatar |
/// | `covers/{name}.jpg` | 1000×420 JPEG cover |
/// | `bad/truncated.png`, `bad/corrupt.jpg`, `bad/huge.png` (claims 20000×20000), `bad/big.png` (50 MB), `bad/lying.png` (a GIF sent as image/png), `bad/vector.svg` | what a decoder must survive |
///
/// Every picture request is counted under its own path in `/_stats` `pictures`, so tests can
/// see each picture asked for once.
struct PicturesReplica: ReplicaAPI {
    let name = "sprites"
    let prefix = "/sprites"
    let seed: UInt64
    /// Encoded pictures by path: drawing and encoding a 475×475 PNG costs milliseconds.
    private let encoded = EncodedPictures()

    init(seed: UInt64) { self.seed = seed }

    func routeName(for path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        switch parts.count {
        case 4 where parts[0] == "pokemon" && parts[1] == "other" && parts[2] == "official-artwork": return "pokemon/other/official-artwork/{id}.png"
        case 2 where parts[0] == "pokemon": return "pokemon/{id}.png"
        case 2 where parts[0] == "avatars": return "avatars/{name}"
        case 2 where parts[0] == "covers": return "covers/{name}"
        case 2 where parts[0] == "bad": return "bad/{name}"
        default: return nil
        }
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return ReplicaResponse(status: 405) }
        if let cached = encoded.get(request.path) { return picture(cached.bytes, type: cached.type) }
        guard let (bytes, type) = make(request.path) else {
            return ReplicaResponse(status: 404, text: "Not Found")
        }
        // The 50 MB body is made anew each time rather than held.
        if bytes.count < 1 << 20 { encoded.put(request.path, bytes: bytes, type: type) }
        return picture(bytes, type: type)
    }

    private func picture(_ bytes: [UInt8], type: String) -> ReplicaResponse {
        ReplicaResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "public, max-age=86400")], body: bytes)
    }

    private func make(_ path: String) -> ([UInt8], String)? {
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 4, parts[0] == "pokemon", parts[1] == "other", parts[2] == "official-artwork",
            let id = Int(parts[3].dropLast(4)), parts[3].hasSuffix(".png"), id > 0
        {
            return PictureEncoder.png(PictureArtist.creature(seed: seed, index: id, size: 475)).map { ($0, "image/png") }
        }
        if parts.count == 2, parts[0] == "pokemon", parts[1].hasSuffix(".png"), let id = Int(parts[1].dropLast(4)), id > 0 {
            return PictureEncoder.png(PictureArtist.creature(seed: seed, index: id, size: 96)).map { ($0, "image/png") }
        }
        if parts.count == 2, parts[0] == "avatars" {
            let name = String(parts[1].prefix { $0 != "." })
            let image = PictureArtist.avatar(seed: seed, name: name, size: 120)
            if parts[1].hasSuffix(".jpg") { return PictureEncoder.jpeg(image).map { ($0, "image/jpeg") } }
            return PictureEncoder.png(image).map { ($0, "image/png") }
        }
        if parts.count == 2, parts[0] == "covers" {
            let name = String(parts[1].prefix { $0 != "." })
            return PictureEncoder.jpeg(PictureArtist.cover(seed: seed, name: name, width: 1000, height: 420)).map { ($0, "image/jpeg") }
        }
        if parts.count == 2, parts[0] == "bad" { return bad(parts[1]) }
        return nil
    }

    private func bad(_ name: String) -> ([UInt8], String)? {
        let sample = PictureArtist.creature(seed: seed, index: 1, size: 64)
        switch name {
        case "truncated.png": return PictureEncoder.png(sample).map { (Array($0.prefix($0.count / 2)), "image/png") }
        case "corrupt.jpg":
            guard var jpeg = PictureEncoder.jpeg(sample) else { return nil }
            for index in stride(from: jpeg.count / 3, to: jpeg.count - 2, by: 7) { jpeg[index] = 0xFF }
            return (jpeg, "image/jpeg")
        case "huge.png":
            // A valid small PNG whose header claims 20000×20000 (CRC fixed): only a pixel budget
            // checked from the header keeps a decoder from allocating 1.6 GB.
            guard var png = PictureEncoder.png(sample) else { return nil }
            for (offset, value) in [(16, UInt32(20000)), (20, UInt32(20000))] {
                png[offset] = UInt8(value >> 24)
                png[offset + 1] = UInt8(value >> 16 & 0xFF)
                png[offset + 2] = UInt8(value >> 8 & 0xFF)
                png[offset + 3] = UInt8(value & 0xFF)
            }
            let crc = Self.crc32(Array(png[12..<29]))
            png[29] = UInt8(crc >> 24)
            png[30] = UInt8(crc >> 16 & 0xFF)
            png[31] = UInt8(crc >> 8 & 0xFF)
            png[32] = UInt8(crc & 0xFF)
            return (png, "image/png")
        case "big.png":
            guard let png = PictureEncoder.png(sample) else { return nil }
            return (png + [UInt8](repeating: 0, count: 50 << 20), "image/png")
        case "lying.png":
            return (Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x3B], "image/png")
        case "vector.svg":
            return (Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".utf8), "image/svg+xml")
        default: return nil
        }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// Encoded pictures shared by every request the replica serves.
private final class EncodedPictures: Sendable {
    private let storage = Mutex<[String: (bytes: [UInt8], type: String)]>([:])

    func get(_ path: String) -> (bytes: [UInt8], type: String)? { storage.withLock { $0[path] } }

    func put(_ path: String, bytes: [UInt8], type: String) { storage.withLock { $0[path] = (bytes, type) } }
}
