import FeedModel

extension AppState {
    /// `o`, `c` and `y`: open the link or discussion page of the item in view (the open
    /// detail's, else the cursor's), or copy its link.
    ///
    /// Every outcome leaves a notice on the status line; only checked http(s) links become effects.
    mutating func handleLink(_ intent: Intent) -> [AppEffect] {
        // A detail opened over the list (`--thread ID`) need not be the cursor's item.
        let inView = detail?.item ?? (list.viewport.count > 0 && list.viewport.cursor < list.paging.items.count ? list.paging.items[list.viewport.cursor] : nil)
        guard let item = inView else {
            notice = "no item selected"
            return []
        }
        let link: String?
        switch intent {
        case .discussion: link = item.discussionURL
        // A podcast's entry: `o` plays the episode, as podcast readers do; its page stays a
        // key away (`a` reads it, and `o` there opens it in the browser; `y` copies it).
        case .openLink: link = item.playableMedia?.url ?? item.url ?? item.discussionURL
        default: link = item.url ?? item.discussionURL
        }
        guard let link, !link.isEmpty else {
            notice = intent == .discussion ? "this item has no discussion page" : "this item has no link"
            return []
        }
        let checked: String
        do throws(LinkCheck.Refusal) {
            // Checked as received: a link cleaned of controls is another link.
            if item.isRefusedLink(link) { throw LinkCheck.Refusal.hiddenCharacters }
            checked = try LinkCheck.validate(link)
        } catch {
            notice = LinkCheck.message(for: error)
            return []
        }
        let shown = LinkText.display(checked)
        switch intent {
        case .copy:
            notice = "copied \(shown)"
            return [.copy(checked)]
        default:
            notice = "opening \(shown)"
            return [.openURL(checked)] + (intent == .openLink ? markRead(item) : [])
        }
    }
}
