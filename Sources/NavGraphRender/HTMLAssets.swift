import Foundation

/// The HTML page's fixed parts: markup skeleton, style sheet and script. None of them holds
/// registry text; the script reads the embedded JSON with `JSON.parse` and writes names with
/// `textContent` only (never `innerHTML`). The style sheet and script are files of their own,
/// Page/page.css, and Page/walk.js (graph walks and search scoring, no DOM) followed by
/// Page/page.js (the page), compiled into the binary as HTMLAssets+Embedded.swift
/// (scripts/embed-page-assets.py; HTMLAssetsTests fails when it is out of date).
enum HTMLAssets {
    static func body(svg: String) -> String {
        """
        <body>
        <a class="skip" href="#ng-search">Skip to search</a>
        <header>
          <h1 id="ng-title"></h1>
          <div class="ng-search" role="search">
            <label for="ng-search">Find</label>
            <input id="ng-search" type="search" autocomplete="off" spellcheck="false" role="combobox"
              aria-autocomplete="list" aria-expanded="false" aria-controls="ng-results"
              placeholder="screen, route, handler or dependency (press /)">
            <ul id="ng-results" role="listbox" aria-label="Matches" hidden></ul>
          </div>
          <p id="ng-layout" class="ng-layout"></p>
        </header>
        <main>
          <nav id="ng-left" aria-label="Findings, flags and paths">
            <section aria-labelledby="ng-h-findings">
              <h2 id="ng-h-findings">Findings <span id="ng-findings-count"></span></h2>
              <ul id="ng-findings" class="ng-list"></ul>
            </section>
            <section aria-labelledby="ng-h-flags">
              <h2 id="ng-h-flags">Flags</h2>
              <p id="ng-flag-rule" class="ng-small"></p>
              <div id="ng-flags"></div>
              <div id="ng-flag-effect" class="ng-effect" aria-live="polite"></div>
            </section>
            <section aria-labelledby="ng-h-path">
              <h2 id="ng-h-path">Path</h2>
              <div class="ng-path-form">
                <label for="ng-path-from">From</label><input id="ng-path-from" list="ng-screens" autocomplete="off">
                <label for="ng-path-to">To</label><input id="ng-path-to" list="ng-screens" autocomplete="off">
                <button id="ng-path-go" type="button">Show the shortest path</button>
              </div>
              <datalist id="ng-screens"></datalist>
              <p id="ng-path-msg" class="ng-small" aria-live="polite"></p>
              <ol id="ng-path-steps" class="ng-steps"></ol>
            </section>
          </nav>
          <div id="ng-canvas" tabindex="0" role="application"
            aria-label="Diagram. Arrow keys pan, plus and minus zoom, 0 fits, Tab moves through the nodes, Enter selects.">
        \(svg)
            <div id="ng-where" class="ng-where" aria-live="polite"></div>
            <div class="ng-zoom" role="toolbar" aria-label="Zoom">
              <button id="ng-zoom-in" type="button" aria-label="Zoom in">+</button>
              <button id="ng-zoom-out" type="button" aria-label="Zoom out">&#8722;</button>
              <button id="ng-fit" type="button">Fit</button>
              <button id="ng-clear" type="button">Clear</button>
            </div>
          </div>
          <aside id="ng-panel" aria-label="Details" aria-live="polite">
            <p class="ng-small">Click a node, a finding or a search result to see its details here.</p>
          </aside>
        </main>

        """
    }

    /// Page/page.css.
    static let style = decoded(styleBase64)
    /// Page/walk.js followed by Page/page.js: the page's one script.
    static let script = decoded(scriptBase64)

    /// The text of an embedded file (base64 of its UTF-8 bytes, one line break per line).
    static func decoded(_ base64: String) -> String {
        String(decoding: Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data(), as: UTF8.self)
    }
}
