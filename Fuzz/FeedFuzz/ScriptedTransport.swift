import FeedModel
import FeedSources
import Foundation

/// An `HTTPTransport` that answers from a script: one response per URL path, the query
/// ignored; any other path is a 404. Nothing touches the network, and the adapter under test
/// runs its real request and decode path against the answers.
public struct ScriptedTransport: HTTPTransport {
    private let routes: [String: HTTPResponse]

    /// - Parameter responses: the answers, by URL path (`/pokeapi/api/v2/pokemon`).
    public init(_ responses: [(path: String, status: Int, headers: [String: String], body: Data)]) {
        var routes: [String: HTTPResponse] = [:]
        for response in responses {
            let url = URL(string: "http://fuzz.invalid\(response.path)")!
            let headers = Dictionary(response.headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
            routes[response.path] = HTTPResponse(status: response.status, headers: headers, body: response.body, url: url)
        }
        self.routes = routes
    }

    public func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse {
        if var response = routes[request.url.path] {
            response.url = request.url
            return response
        }
        return HTTPResponse(status: 404, headers: ["content-type": "text/plain"], body: Data("not found".utf8), url: request.url)
    }
}
