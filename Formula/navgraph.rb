# Homebrew formula for navgraph. The repository is its own tap (README.md, "Install"):
#
#   brew tap navgraph/navgraph https://github.com/navgraph/navgraph   # or the path of a local clone
#   brew install --HEAD navgraph/navgraph/navgraph
#
# It builds from source the revision the tap holds (`brew update` moves the tap, and
# `brew upgrade --fetch-HEAD navgraph` rebuilds): the `head` below is the tap's own clone, so the
# formula names no URL it cannot check. When navgraph tags a release, a `url` + `sha256` stanza for
# its source archive makes it installable without --HEAD.
class Navgraph < Formula
  desc "Check, draw and explore the navigation graph of modular iOS apps"
  homepage "https://github.com/navgraph/navgraph"
  head "file://#{File.expand_path("..", __dir__)}", using: :git

  depends_on xcode: ["16.0", :build] # swift-tools-version 6.0
  depends_on "pkgconf" => :build # finds graphviz's libgvc (Homebrew's pkg-config)
  depends_on "graphviz" # rendering links libgvc/libcgraph; `dot`'s plugins do the layout
  # On Linux `make install` is the way (README): a Linux binary needs the Swift runtime of the
  # toolchain that built it, and --static-swift-stdlib does not link navgraph with Swift 6.3.1.
  depends_on :macos

  def install
    # SwiftPM's own sandbox cannot nest inside Homebrew's.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "navgraph"
    bin.install ".build/release/navgraph"

    # bash, zsh and fish completions, written by the binary (swift-argument-parser's
    # `--generate-completion-script SHELL`).
    generate_completions_from_executable(bin/"navgraph", "--generate-completion-script")

    # The man page, made from the binary's own help by swift-argument-parser's generate-manual plugin.
    system "swift", "package", "--disable-sandbox", "plugin", "generate-manual", "--configuration", "release"
    man1.install Dir[".build/plugins/**/navgraph.1"].first
  end

  test do
    (testpath/"app.yml").write <<~YAML
      navgraph: 1
      app: Tiny
      entries: [{feature: HomeFeature}]
      routes: [{id: detail}]
      handlers: [{name: DetailRouteHandler, routes: {detail: DetailFeature}}]
      features:
        - {name: HomeFeature, navigates: [detail]}
        - {name: DetailFeature}
    YAML
    assert_match "no findings", shell_output("#{bin}/navgraph check app.yml 2>&1")

    # The same app without its handler: an error, and exit code 1.
    (testpath/"broken.yml").write (testpath/"app.yml").read.sub(/^handlers:.*\n/, "")
    assert_match "error: [unhandled-route]", shell_output("#{bin}/navgraph check broken.yml 2>&1", 1)

    # Rendering goes through graphviz's libraries.
    system bin/"navgraph", "render", "app.yml", "-f", "svg", "-o", "out"
    assert_match "<svg", (testpath/"out/app.svg").read
  end
end
