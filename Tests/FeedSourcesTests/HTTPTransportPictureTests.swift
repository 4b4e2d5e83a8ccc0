import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// `fetchPicture`: the pages' transport, its own lane, its own byte cap.
struct HTTPTransportPictureTests {
    static let base = "http://127.0.0.1:9/sprites"

    @Test func bytesComeBackWithTheCapAndAnImageAccept() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/a.png", headers: ["Content-Type": "image/png"], body: "\u{89}PNG")
        let bytes = try await transport.fetchPicture("\(Self.base)/a.png", maxBytes: 8 << 20)
        #expect(bytes == Array("\u{89}PNG".utf8))
        let request = try #require(transport.requests.first)
        #expect(request.maxBodyBytes == 8 << 20)
        #expect(request.headers["Accept"]?.hasPrefix("image/png") == true)
    }

    @Test(arguments: ["self", "default", "nsfw", "", "file:///etc/passwd", "data:image/png;base64,AAAA", "http://"])
    func linksThatAreNotHTTPAreRefusedWithoutARequest(_ link: String) async {
        let transport = FakeTransport()
        await #expect(throws: FeedError.self) { try await transport.fetchPicture(link, maxBytes: 1 << 20) }
        #expect(transport.requests.isEmpty)
    }

    @Test func aMissingPictureIsAFinalHTTPError() async {
        let transport = FakeTransport()
        do {
            _ = try await transport.fetchPicture("\(Self.base)/gone.png", maxBytes: 1 << 20)
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .http(status: 404))
            #expect(error.isRetryable == false)
        }
    }

    /// Pictures have their own lane on the host: one starts while every list slot is held.
    @Test func aPictureStartsWhileListRequestsHang() async throws {
        let scripted = ScriptedTransport()
        let transport = RetryingTransport(scripted, width: 2, clock: ManualClock().clock)
        let listURLs = (1...4).map { URL(string: "\(Self.base)/list/\($0).json")! }
        let list = Task {
            try await FanOut.map(listURLs, width: 4) { url throws(FeedError) in try await transport.send(HTTPRequest(url: url)) }
        }
        await scripted.until { $0.held.count == 2 }
        let link = "\(Self.base)/pokemon/1.png"
        let picture = Task { try await transport.fetchPicture(link, maxBytes: 1 << 20) }
        await scripted.until { $0.held.contains(link) }
        #expect(scripted.snapshot.held.count == 3)
        scripted.answer(link, ScriptedTransport.json(link, "PNG"))
        #expect(try await picture.value == Array("PNG".utf8))
        list.cancel()
        _ = await list.result
        #expect(scripted.snapshot.started.count == 3)
    }

    /// Cancelling the picture's task cancels its request on the wire.
    @Test func cancellingThePictureCancelsItsRequest() async throws {
        let scripted = ScriptedTransport()
        let transport = RetryingTransport(scripted, width: 2, clock: ManualClock().clock)
        let link = "\(Self.base)/pokemon/2.png"
        let picture = Task { try await transport.fetchPicture(link, maxBytes: 1 << 20) }
        await scripted.until { $0.held.contains(link) }
        picture.cancel()
        await scripted.until { $0.cancelled == 1 }
        let result = await picture.result
        #expect(throws: FeedError.self) { try result.get() }
        #expect(scripted.snapshot.inFlight == 0)
    }
}
