import FeedModel
import FeedPictures

/// Pictures follow the rows: after every action the rows within the prefetch lead (or the
/// detail's item) say which pictures are wanted; cached ones are touched, missing ones asked
/// for (nearest first, a few at a time), and requests for rows that left the lead cancelled.
extension AppState {
    /// The box of the detail's picture and the list's preview: up to half the screen high and
    /// two fifths of its width (a square picture takes twice as many columns as rows).
    public var largePictureBox: PictureBox {
        if let column = previewColumn {
            // The preview pane's picture: as wide as its text, half the height.
            return PictureBox(columns: max(4, min(size.columns - column - 1, DetailLayout.commentMeasure)), rows: max(2, (size.rows - 1) / 2))
        }
        return PictureBox(columns: max(4, min(size.columns, size.columns * 2 / 5)), rows: max(2, (size.rows - 1) / 2))
    }

    /// The box of a row's thumbnail.
    public var thumbnailBox: PictureBox {
        PictureBox(columns: PictureState.thumbnailBox.columns, rows: PictureState.thumbnailBox.rows)
    }

    /// Replaces the picture settings (the runtime, once the theme and flags are known).
    public mutating func setPictures(_ pictures: PictureState) { self.pictures = pictures }

    /// Whether the list draws thumbnails: pictures on and some visible row has one.
    var listShowsPictures: Bool {
        guard pictures.isEnabled, !list.paging.items.isEmpty else { return false }
        return list.viewport.visible.contains { $0 < list.paging.items.count && list.paging.items[$0].pictureURL != nil }
    }

    /// Whether the list has room for the cursor's picture beside the rows.
    /// Only when the cursor's item has a picture: a blank pane would cut the rows' text for
    /// nothing. Never when the screen is split (the preview pane shows it).
    var listShowsPreview: Bool {
        guard listShowsPictures, size.columns >= 60, size.rows >= 10, splitListColumns == nil,
              list.viewport.hasCursorItem, list.viewport.cursor < list.paging.items.count
        else { return false }
        return list.paging.items[list.viewport.cursor].pictureURL != nil
    }

    /// The box of a picture beside a conversation's title: an avatar's size (a square takes
    /// twice as many columns as rows).
    public static let asidePictureBox = PictureBox(columns: 8, rows: 4)

    /// The box the detail's picture is drawn in (beside a conversation's title, or large).
    func detailPictureBox(_ detail: DetailState) -> PictureBox { detailContext.pictureBox(detail) }

    /// Rows a picture takes above its text (`PictureState.rows(for:box:screenRows:)`).
    func pictureRows(for url: String?, box: PictureBox) -> Int {
        pictures.rows(for: url, box: box, screenRows: size.rows)
    }

    /// Asks the pictures sub-state for what the rows within `lead` of the cursor (or the
    /// detail's item) show: it starts, touches and cancels loads (`PictureState.reduce`).
    mutating func updatePictures(lead: Int) -> [AppEffect] {
        pictures.reduce(.want(pictures.isEnabled ? wantedPictures(lead: lead) : []))
    }

    /// Wanted pictures, nearest to the cursor first.
    private func wantedPictures(lead: Int) -> [PictureRequest] {
        if let reader { return reader.wantedPictures(readerContext()) }
        let large = largePictureBox
        if let detail {
            guard let url = detail.item.pictureURL, detailContext.pictureRoom(detail).rows > 0 else { return [] }
            return [PictureRequest(url: url, boxes: [detailPictureBox(detail)], background: pictures.background)]
        }
        let items = list.paging.items
        guard !items.isEmpty else { return [] }
        let cursor = min(list.viewport.cursor, items.count - 1)
        let end = min(items.count, max(list.viewport.top + list.viewport.capacity, cursor + 1 + max(0, lead)))
        let start = min(list.viewport.top, cursor)
        var seen = Set<String>()
        var requests: [PictureRequest] = []
        // The cursor's row first, then outwards: the screen before the lead beyond it.
        let order = [cursor] + (start..<end).filter { $0 != cursor }.sorted { abs($0 - cursor) < abs($1 - cursor) }
        // The cursor's row is the one Enter opens: in a source with conversations its picture
        // will sit beside the title, so that size comes in the same load.
        let aside = commentPageSize != nil && size.columns >= 40 ? Self.asidePictureBox : nil
        for index in order {
            guard let url = items[index].pictureURL, seen.insert(url).inserted else { continue }
            let boxes = [thumbnailBox, large] + (index == cursor ? aside.map { [$0] } ?? [] : [])
            requests.append(PictureRequest(url: url, boxes: boxes, background: pictures.background))
        }
        return requests
    }
}
