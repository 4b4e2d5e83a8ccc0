/// The boilerplate around a generated article, one shape per template, modelled on what real
/// sites wrap their articles in: navigation, a cookie banner, breadcrumbs, sidebars, share
/// buttons, related links, comments with real sentences in them, a footer.
enum ArticleTemplates {
    static func wrap(
        _ template: ReplicaArticle.Template, title: String, author: String, article: String, id: Int, origin: String,
        comments: [(String, String)], related: [String]
    ) -> String {
        let head = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>\(title) | \(siteName(template))</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta property="og:title" content="\(title)">
            <meta property="og:site_name" content="\(siteName(template))">
            <meta name="author" content="\(author)">
            <meta property="article:published_time" content="2024-05-\(String(format: "%02d", 1 + id % 28))T09:30:00Z">
            <link rel="stylesheet" href="/static/site.css">
            <script>window.dataLayer = window.dataLayer || []; function track(){ dataLayer.push(arguments); }</script>
            <style>.cookie-banner{position:fixed;bottom:0}</style>
            </head>

            """
        let nav = """
            <header class="site-header"><a class="logo" href="/">\(siteName(template))</a>
            <nav class="main-menu"><ul><li><a href="/world">World</a></li><li><a href="/tech">Technology</a></li><li><a href="/science">Science</a></li><li><a href="/opinion">Opinion</a></li><li><a href="/subscribe">Subscribe</a></li></ul></nav></header>
            <div class="cookie-banner" id="gdpr-consent"><p>We use cookies to improve your experience, to measure our audience, and to show you offers you might like. By continuing to browse, you accept our use of cookies.</p><button>Accept all</button><button>Manage settings</button></div>

            """
        let share = """
            <div class="share-buttons"><a href="https://twitter.com/share?u=\(origin)/articles/\(id)">Share on Twitter</a> <a href="https://www.facebook.com/sharer?u=\(origin)/articles/\(id)">Share on Facebook</a> <a href="mailto:?subject=\(title)">Email</a></div>

            """
        let relatedBlock = """
            <aside class="related-stories"><h3>Related stories</h3><ul>\(related.enumerated().map { "<li><a href=\"/articles/\(($0.offset + id) % ReplicaArticles.count + 1)\">\($0.element)</a></li>" }.joined())</ul></aside>

            """
        let commentBlock = """
            <section id="comments" class="comments"><h3>\(comments.count) comments</h3>
            \(comments.map { "<div class=\"comment\"><p class=\"comment-author\">\($0.0) wrote:</p><p>\($0.1)</p><a href=\"#reply\">Reply</a></div>" }.joined(separator: "\n"))
            </section>

            """
        let footer = """
            <footer class="site-footer"><p>© 2024 \(siteName(template)). All rights reserved.</p><ul><li><a href="/about">About us</a></li><li><a href="/privacy">Privacy policy</a></li><li><a href="/terms">Terms of service</a></li><li><a href="/contact">Contact</a></li></ul></footer>
            <script src="/static/analytics.js" async></script>
            </body></html>

            """
        switch template {
        case .news:
            return head + "<body class=\"news\">\n" + nav + """
                <div class="breadcrumbs"><a href="/">Home</a> › <a href="/local">Local</a> › Council</div>
                <main><article class="story">
                <h1>\(title)</h1>
                <p class="byline">By <a rel="author" href="/people/\(id)">\(author)</a> · <time datetime="2024-05-01">May 1, 2024</time></p>
                <div class="story-body">
                \(article)</div>
                """ + share + "</article>\n" + relatedBlock + "<div class=\"ad-slot\" id=\"ad-break-1\">Advertisement</div>\n" + commentBlock + "</main>\n" + footer
        case .blog:
            return head + "<body class=\"blog\">\n" + nav + """
                <div class="wrapper"><div class="content"><div class="post hentry">
                <h1 class="entry-title">\(title)</h1>
                <div class="post-meta">Posted by <span class="author vcard">\(author)</span> in <a href="/tags/engineering">engineering</a></div>
                <div class="entry-content">
                \(article)</div>
                """ + share + "</div>\n" + commentBlock + """
                </div><div class="sidebar"><div class="widget"><h3>About me</h3><p>I write about software, slow computers, and the people who keep them running. Views are my own.</p></div>
                <div class="widget"><h3>Archive</h3><ul><li><a href="/2024/05">May 2024</a></li><li><a href="/2024/04">April 2024</a></li><li><a href="/2024/03">March 2024</a></li></ul></div>
                <div class="widget tags"><a href="/tags/a">performance</a> <a href="/tags/b">rust</a> <a href="/tags/c">swift</a> <a href="/tags/d">terminals</a></div></div></div>

                """ + relatedBlock + footer
        case .docs:
            let sidebar = (1...14).map { "<li><a href=\"/docs/page\($0)\">Guide page \($0)</a></li>" }.joined()
            return head + "<body class=\"docs\">\n" + nav + """
                <div class="docs-layout"><nav class="docs-sidebar" role="navigation"><ul>\(sidebar)</ul></nav>
                <main class="docs-content" role="main"><div class="breadcrumbs"><a href="/docs">Docs</a> › Configuration</div>
                <h1>\(title)</h1>
                \(article)<div class="docs-pager"><a href="/docs/prev">← Previous: Installing</a> <a href="/docs/next">Next: Running →</a></div>
                <p class="edit-link"><a href="https://git.example.org/docs/edit">Edit this page</a></p>
                </main></div>

                """ + footer
        case .forum:
            return head + "<body class=\"forum\">\n" + nav + """
                <div class="thread"><h1 class="thread-title">\(title)</h1>
                <div class="post original" id="post-1"><div class="post-author"><span class="username">\(author)</span> <span class="rank">Member</span></div>
                <div class="post-body">
                \(article)</div></div>
                <div class="replies">
                \(comments.map { "<div class=\"post reply\"><div class=\"post-author\"><span class=\"username\">\($0.0)</span></div><div class=\"post-body\"><p>\($0.1)</p></div></div>" }.joined(separator: "\n"))
                </div><div class="pagination"><a href="?page=2">2</a> <a href="?page=3">3</a> <a href="?page=2">Next</a></div></div>

                """ + footer
        }
    }

    static func siteName(_ template: ReplicaArticle.Template) -> String {
        switch template {
        case .news: return "The Loopback Herald"
        case .blog: return "Slow Computers"
        case .docs: return "Feedscroll Docs"
        case .forum: return "Terminal Users Forum"
        }
    }
}
