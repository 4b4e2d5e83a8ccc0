import FeedModel
import Foundation
import Testing

@testable import FeedFormats

/// Podcast feeds as they are written (shapes seen in Apple's Podcasts Connect sample, Libsyn,
/// Anchor/Spotify, Podtrac-prefixed hosts and JSON Feed podcasts; the snippets are written for
/// these tests): each episode's enclosure with its type, size and duration.
@Suite struct PodcastFeedTests {
    static func parse(_ text: String, url: String = "https://pod.example/feed.xml") throws -> FeedDocument {
        try FeedParser.parse(Array(text.utf8), url: URL(string: url))
    }

    /// Apple's sample shape: `itunes:duration` after the enclosure, as `MM:SS`, `HH:MM:SS` and
    /// seconds, one episode with none.
    @Test func itunesDurationsInEveryForm() throws {
        let feed = try Self.parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel><title>Hiking Treks</title><link>https://pod.example/</link>
            <itunes:author>The Sunset Explorers</itunes:author><itunes:duration>99:99</itunes:duration>
            <item><title>Hiking Treks Trailer</title><guid isPermaLink="false">ep-0</guid>
              <enclosure length="498537" type="audio/mpeg" url="https://cdn.pod.example/trailer.mp3"/>
              <itunes:duration>01:42</itunes:duration><itunes:explicit>false</itunes:explicit></item>
            <item><title>Long one</title><guid>ep-1</guid><link>https://pod.example/ep1</link>
              <itunes:duration> 1:02:05 </itunes:duration>
              <enclosure url="https://cdn.pod.example/ep1.m4a" length="23456789" type="audio/x-m4a"/></item>
            <item><title>Seconds</title><guid>ep-2</guid>
              <enclosure url="/media/ep2.mp3" length="0" type="audio/mpeg"/><itunes:duration>2710</itunes:duration></item>
            <item><title>No duration</title><guid>ep-3</guid>
              <enclosure url="https://cdn.pod.example/ep3.mp3" type="audio/mpeg"/><itunes:duration>about an hour</itunes:duration></item>
            </channel></rss>
            """)
        #expect(feed.entries.map(\.enclosures) == [
            [FeedEnclosure(url: "https://cdn.pod.example/trailer.mp3", type: "audio/mpeg", length: 498_537, duration: 102)],
            [FeedEnclosure(url: "https://cdn.pod.example/ep1.m4a", type: "audio/x-m4a", length: 23_456_789, duration: 3725)],
            // A relative address against the feed's; a zero length is no length.
            [FeedEnclosure(url: "https://pod.example/media/ep2.mp3", type: "audio/mpeg", length: nil, duration: 2710)],
            [FeedEnclosure(url: "https://cdn.pod.example/ep3.mp3", type: "audio/mpeg", length: nil, duration: nil)],
        ])
    }

    /// The Libsyn/Anchor shape: the same file as `<enclosure>` and `media:content` (with its
    /// `duration` attribute) is one enclosure knowing both; a Podtrac-prefixed address is kept whole.
    @Test func mediaContentJoinsItsEnclosure() throws {
        let feed = try Self.parse("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Show</title>
            <item><title>Ep</title><guid>a</guid>
              <enclosure url="https://dts.podtrac.com/redirect.mp3/traffic.libsyn.example/show/ep.mp3?dest-id=1" length="41234567" type="audio/mpeg"/>
              <media:content url="https://dts.podtrac.com/redirect.mp3/traffic.libsyn.example/show/ep.mp3?dest-id=1" type="audio/mpeg" duration="3600" medium="audio"/>
            </item>
            <item><title>Video only</title><guid>b</guid>
              <media:content url="https://video.example/b.mp4" type="video/mp4" fileSize="987654321" duration="95.5"/>
            </item>
            </channel></rss>
            """)
        #expect(feed.entries.map(\.enclosures) == [
            [FeedEnclosure(
                url: "https://dts.podtrac.com/redirect.mp3/traffic.libsyn.example/show/ep.mp3?dest-id=1", type: "audio/mpeg",
                length: 41_234_567, duration: 3600)],
            [FeedEnclosure(url: "https://video.example/b.mp4", type: "video/mp4", length: 987_654_321, duration: 95)],
        ])
    }

    /// JSON Feed podcasts: `duration_in_seconds` as a number, as a float, as a string some
    /// generators write, and absent.
    @Test func jsonFeedAttachmentDurations() throws {
        let feed = try Self.parse("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Pod", "items": [
              {"id": "1", "title": "One", "attachments": [{"url": "https://pod.example/1.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 1234, "duration_in_seconds": 3725}]},
              {"id": "2", "title": "Two", "attachments": [{"url": "https://pod.example/2.mp3", "mime_type": "audio/mpeg", "duration_in_seconds": 61.9}]},
              {"id": "3", "title": "Three", "attachments": [{"url": "https://pod.example/3.mp3", "mime_type": "audio/mpeg", "duration_in_seconds": "12:00"}]},
              {"id": "4", "title": "Four", "attachments": [{"url": "https://pod.example/4.mp3", "mime_type": "audio/mpeg", "duration_in_seconds": -5}]}
            ]}
            """, url: "https://pod.example/feed.json")
        #expect(feed.entries.map { $0.enclosures.first?.duration } == [3725, 61, 720, nil])
        #expect(feed.entries.first?.enclosures.first?.length == 1234)
    }
}
