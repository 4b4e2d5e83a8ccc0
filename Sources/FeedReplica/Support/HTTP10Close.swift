internal import NIOCore
internal import NIOHTTP1

/// Closes an HTTP/1.0 connection after its answer, as HTTP/1.0 says (no `Connection:
/// keep-alive` asked for), which Hummingbird does not: it sees requests as HTTP types, which
/// carry no version, so it kept such a connection open and a client that reads the body to the
/// end of the connection (w3m) waited for ever.
///
/// Added with the replica's other handlers, it puts a small handler right after the HTTP
/// decoder that marks such a request `Connection: close`, which Hummingbird honours.
final class HTTP10Close: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    init() {}

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            try? pipeline.addHandler(MarkClose(), position: .after(decoder))
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    /// Marks HTTP/1.0 requests that did not ask to be kept alive `Connection: close`.
    final class MarkClose: ChannelInboundHandler, RemovableChannelHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var part = unwrapInboundIn(data)
            if case var .head(head) = part, head.version.major == 1, head.version.minor == 0, !head.isKeepAlive {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                part = .head(head)
            }
            context.fireChannelRead(wrapInboundOut(part))
        }
    }
}
