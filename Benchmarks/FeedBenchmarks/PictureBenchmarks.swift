// Picture benchmarks (issue 12): decoding and scaling the replica's 475×475 artwork, a picture
// cache hit against a miss, and the heap scrolling 1,000 pictures through the LRU cache.
import Benchmark
import FeedPictures
import FeedReplica
import FeedSources
import FeedUI
import Foundation

/// The replica's official artwork for Pokémon `ids`: 475×475 RGBA PNGs with a transparent
/// background, fetched once over loopback as `feedscroll pokeapi --sprites-url` would.
func replicaArtwork(ids: ClosedRange<Int>) async throws -> [[UInt8]] {
    let replica = try await Replica.start(ReplicaConfiguration())
    let transport = AsyncHTTPTransport()
    let base = replica.baseURLs["sprites"]!
    var artworks: [[UInt8]] = []
    for id in ids {
        let response = try await transport.send(HTTPRequest(url: base.appending(path: "pokemon/other/official-artwork/\(id).png")))
        precondition(response.status == 200, "artwork \(id): status \(response.status)")
        artworks.append([UInt8](response.body))
    }
    await transport.shutdown()
    await replica.stop()
    return artworks
}

/// A picture's key as the app makes it: the URL and the box it was fitted to.
func artworkKey(_ index: Int, box: PictureBox) -> PictureKey {
    PictureKey(url: "http://127.0.0.1:8080/sprites/pokemon/other/official-artwork/\(index).png", maxColumns: box.columns, maxRows: box.rows)
}

/// What the runtime's picture loader does with a body: decode, then fit to each box.
func decodeAndScale(_ bytes: [UInt8], boxes: [PictureBox]) -> [HalfBlockPicture] {
    let image = try! PictureDecoder.decode(bytes)
    return boxes.map { HalfBlockPicture(fitting: image, maxColumns: $0.columns, maxRows: $0.rows, background: .black) }
}

/// Scrolls `count` distinct pictures (cycling over `artworks`' bytes, each under its own URL)
/// through a cache at `costLimit` the way the app does: decode, fit to every box, insert. Returns
/// the highest heap in use above the starting point, sampled after every decode, fit and insert.
func scrollPicturesPeakHeap(count: Int, artworks: [[UInt8]], boxes: [PictureBox], costLimit: Int) -> (peak: Int, cache: PictureCache) {
    var cache = PictureCache(costLimit: costLimit)
    let base = heapInUse()
    var peak = 0
    for index in 0..<count {
        let image = try! PictureDecoder.decode(artworks[index % artworks.count])
        peak = max(peak, heapInUse() - base)
        var entries: [(PictureKey, HalfBlockPicture)] = []
        for box in boxes {
            entries.append((artworkKey(index, box: box), HalfBlockPicture(fitting: image, maxColumns: box.columns, maxRows: box.rows, background: .black)))
            peak = max(peak, heapInUse() - base)
        }
        for (key, picture) in entries {
            cache.insert(.picture(picture), for: key)
            peak = max(peak, heapInUse() - base)
        }
    }
    return (peak, cache)
}

let pictureBenchmarks: @Sendable () -> Void = {
    let artworks = Fixture<[[UInt8]]>()
    let loadArtworks: Benchmark.BenchmarkSetupHook = { artworks.value = try await replicaArtwork(ids: 1...16) }
    let dropArtworks: Benchmark.BenchmarkTeardownHook = { artworks.value = nil }
    let detail = PictureBox(columns: 32, rows: 16)

    // 7. Decode and fit one 475×475 RGBA PNG to a 32×16-cell half-block picture, and each half.
    Benchmark(
        "picture decode 475x475 PNG",
        configuration: .init(setup: loadArtworks, teardown: dropArtworks)
    ) { benchmark in
        blackHole(try! PictureDecoder.decode(artworks.value![0]))
    }
    let decoded = Fixture<RGBAImage>()
    Benchmark(
        "picture scale 475x475 to 32x16 cells",
        configuration: .init(
            setup: { decoded.value = try PictureDecoder.decode(try await replicaArtwork(ids: 1...1)[0]) },
            teardown: { decoded.value = nil })
    ) { benchmark in
        blackHole(HalfBlockPicture(fitting: decoded.value!, maxColumns: 32, maxRows: 16, background: .black))
    }
    Benchmark(
        "picture decode+scale 475x475 PNG to 32x16 cells",
        configuration: .init(setup: loadArtworks, teardown: dropArtworks)
    ) { benchmark in
        blackHole(decodeAndScale(artworks.value![0], boxes: [detail]))
    }

    // 8. A cache hit (what `updatePictures` and `render` do for a picture already held: contains,
    //    touch, peek) against a miss (the body in memory decoded, fitted and inserted; the network
    //    not counted), in a cache holding 1,000 pictures. 1,000 hits per iteration: one hit is
    //    near the clock's resolution.
    let cache = Fixture<PictureCache>()
    let fillCache: Benchmark.BenchmarkSetupHook = {
        let bytes = try await replicaArtwork(ids: 1...16)
        artworks.value = bytes
        var filled = PictureCache(costLimit: 32 << 20)
        for index in 0..<1_000 {
            filled.insert(.picture(decodeAndScale(bytes[index % bytes.count], boxes: [detail])[0]), for: artworkKey(index, box: detail))
        }
        precondition(filled.count == 1_000)
        cache.value = filled
    }
    let keys = (0..<1_000).map { artworkKey($0, box: detail) }
    Benchmark(
        "picture cache 1000 hits 32x16 (1000 held)",
        configuration: .init(setup: fillCache, teardown: { cache.value = nil; artworks.value = nil })
    ) { benchmark in
        for key in keys where cache.value!.contains(key) {
            cache.value!.touch(key)
            blackHole(cache.value!.peek(key))
        }
    }
    let misses = Fixture<Int>()
    Benchmark(
        "picture cache miss 32x16 decode+scale+insert (1000 held)",
        configuration: .init(setup: fillCache, teardown: { cache.value = nil; artworks.value = nil })
    ) { benchmark in
        let index = 1_000 + (misses.value ?? 0)
        misses.value = index - 999
        let key = artworkKey(index, box: detail)
        precondition(!cache.value!.contains(key))
        let picture = decodeAndScale(artworks.value![index % 16], boxes: [detail])[0]
        cache.value!.insert(.picture(picture), for: key)
        benchmark.stopMeasurement()
        cache.value!.remove(key)
    }

    // 9. Peak heap scrolling 1,000 distinct pictures through the cache at its default cap
    //    (32 MB): at the list's real boxes (a 4×2 thumbnail and the 32×11 preview of an 80×24
    //    screen: the cap never binds), and at 120×60 cells (a 300×121 terminal's detail picture,
    //    43 KB each, so 1,000 of them are 1.3× the cap and the LRU evicts).
    let peakHeap = BenchmarkMetric.custom("peak heap bytes", useScalingFactor: false)
    let cacheCost = BenchmarkMetric.custom("cache cost bytes", useScalingFactor: false)
    let held = BenchmarkMetric.custom("pictures held", useScalingFactor: false)
    let aboveCost = BenchmarkMetric.custom("peak heap above cache cost bytes", useScalingFactor: false)
    for (label, boxes) in [
        ("thumbnail 4x2 + preview 32x11", [PictureBox(columns: 4, rows: 2), PictureBox(columns: 32, rows: 11)]),
        ("detail 120x60", [PictureBox(columns: 120, rows: 60)]),
    ] {
        Benchmark(
            "peak heap scrolling 1000 pictures \(label) cap 32 MB",
            configuration: .init(
                metrics: [.wallClock, peakHeap, cacheCost, aboveCost, held], maxDuration: .seconds(60), maxIterations: 3,
                setup: loadArtworks, teardown: dropArtworks)
        ) { benchmark in
            let (peak, cache) = scrollPicturesPeakHeap(count: 1_000, artworks: artworks.value!, boxes: boxes, costLimit: 32 << 20)
            precondition(cache.totalCost <= cache.costLimit)
            benchmark.measurement(peakHeap, peak)
            benchmark.measurement(cacheCost, cache.totalCost)
            benchmark.measurement(held, cache.count)
            // What the heap held beyond the cache's own count at its peak: the decoded picture
            // in flight, the fitted cells not yet inserted, the dictionaries' slots and keys.
            benchmark.measurement(aboveCost, max(0, peak - cache.totalCost))
            blackHole(cache)
        }
    }
}
