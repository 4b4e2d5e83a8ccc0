import FeedPictures
import Foundation
import Testing

@testable import FeedReplica

@Suite struct PicturesReplicaTests {
    private func get(_ path: String, seed: UInt64 = 7) -> ReplicaResponse {
        let router = ReplicaRouter(
            configuration: ReplicaConfiguration(), apis: [PicturesReplica(seed: seed)])
        guard case let .respond(response, _) = router.handle(method: "GET", path: path, rawQuery: nil, host: "x", now: 0)
        else { return ReplicaResponse(status: 0) }
        return response
    }

    @Test func artworkIsA475SquarePNGWithATransparentBackground() throws {
        let response = get("/sprites/pokemon/other/official-artwork/25.png")
        #expect(response.status == 200 && response.header("Content-Type") == "image/png")
        let image = try PictureDecoder.decode(response.body)
        #expect(image.width == 475 && image.height == 475)
        #expect(image.pixel(x: 0, y: 0).a == 0)
        #expect(image.pixel(x: 237, y: 300).a == 255)
    }

    @Test func picturesAreDeterministicPerSeedAndDifferPerID() {
        let a = get("/sprites/pokemon/other/official-artwork/1.png").body
        #expect(a == get("/sprites/pokemon/other/official-artwork/1.png").body)
        #expect(a != get("/sprites/pokemon/other/official-artwork/2.png").body)
        #expect(a != get("/sprites/pokemon/other/official-artwork/1.png", seed: 8).body)
    }

    @Test func closedPictureRequestsAreCountedUnderTheirRoute() throws {
        let router = ReplicaRouter(configuration: ReplicaConfiguration(), apis: [PicturesReplica(seed: 7)])
        router.countCancelled(path: "/sprites/pokemon/other/official-artwork/25.png")
        router.countCancelled(path: "/sprites/pokemon/other/official-artwork/26.png")
        router.countCancelled(path: "/nowhere/1")
        guard case let .respond(response, _) = router.handle(method: "GET", path: "/_stats", rawQuery: nil, host: "x", now: 0)
        else { Issue.record("no stats"); return }
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(stats["cancelled"] as? Int == 3)
        #expect(stats["cancelledRoutes"] as? [String: Int] == ["sprites/pokemon/other/official-artwork/{id}.png": 2, "unmatched": 1])
    }

    @Test func avatarsComeAsPNGOrJPEGAndCoversAsJPEG() throws {
        let png = get("/sprites/avatars/octocat.png")
        let jpeg = get("/sprites/avatars/octocat.jpg")
        #expect(PictureFormat.sniff(png.body) == .png && PictureFormat.sniff(jpeg.body) == .jpeg)
        #expect(try PictureDecoder.decode(jpeg.body).width == 120)
        #expect(try PictureDecoder.decode(get("/sprites/covers/post-1.jpg").body).width == 1000)
    }

    @Test(arguments: [
        ("/sprites/bad/truncated.png", "corrupt"),
        ("/sprites/bad/corrupt.jpg", "corrupt"),
        ("/sprites/bad/huge.png", "tooManyPixels"),
        ("/sprites/bad/big.png", "tooManyBytes"),
        ("/sprites/bad/lying.png", "unsupportedFormat"),
        ("/sprites/bad/vector.svg", "unsupportedFormat"),
    ])
    func badPicturesFailTheWayTheySay(path: String, failure: String) {
        let response = get(path)
        #expect(response.status == 200)
        #expect {
            try PictureDecoder.decode(response.body)
        } throws: { error in
            String(describing: error as! PictureError).contains(
                ["corrupt": "corrupt", "tooManyPixels": "20000×20000", "tooManyBytes": "cap", "unsupportedFormat": "unsupported"][failure]!)
        }
    }

    @Test func unknownPathsAre404() {
        #expect(get("/sprites/pokemon/other/official-artwork/abc.png").status == 404)
        #expect(get("/sprites/nothing/here").status == 404)
    }
}
