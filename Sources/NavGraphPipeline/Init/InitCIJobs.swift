import Foundation
import NavGraphKit

/// The CI jobs `navgraph init` writes, one per CI system, and how it finds which CI a repository
/// uses. Every job installs navgraph the way the README's "Install" says for that CI (the GitHub
/// Action, `make install`, Homebrew), runs `navgraph check` with the repository's `.navgraph.yml`
/// (so the baseline applies), and keeps a report.
public enum InitCIJobs {
    /// navgraph's repository (README, "Install"); `--navgraph-repository` names a fork's instead.
    public static let defaultRepository = "https://github.com/navgraph/navgraph"

    /// `OWNER/NAME` of a repository on github.com (a GitHub Action must live there), else nil.
    public static func githubAction(_ repository: String) -> String? {
        var rest = repository
        for prefix in ["https://github.com/", "http://github.com/", "git@github.com:"] where rest.hasPrefix(prefix) {
            rest.removeFirst(prefix.count)
            if rest.hasSuffix(".git") { rest.removeLast(4) }
            if rest.hasSuffix("/") { rest.removeLast() }
            let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(allowed.contains) }) else { return nil }
            return rest
        }
        return nil
    }

    /// The CI systems whose files are in `root`: `.github/` (GitHub Actions), `.gitlab-ci.yml`,
    /// `bitrise.yml` / `.bitrise.yml`, `fastlane/Fastfile`. Only the root is looked at.
    public static func detect(root: String) -> [CISystem] {
        let fm = FileManager.default
        func exists(_ rel: String) -> Bool { fm.fileExists(atPath: (root as NSString).appendingPathComponent(rel)) }
        var found: [CISystem] = []
        if exists(".github/workflows") || exists(".github") { found.append(.githubActions) }
        if exists(".gitlab-ci.yml") { found.append(.gitlab) }
        if exists("bitrise.yml") || exists(".bitrise.yml") { found.append(.bitrise) }
        if exists("fastlane/Fastfile") || exists("Fastfile") { found.append(.fastlane) }
        return found
    }

    /// The file of `system`'s job: its path relative to the root, its text, and what to do with it.
    /// `action` is the GitHub Action's `OWNER/NAME` (GitHub Actions only).
    static func job(for system: CISystem, defaultBranch: String, repository: String, action: String) -> (path: String, text: String, note: String?) {
        switch system {
        case .githubActions: return (".github/workflows/navgraph.yml", github(branch: defaultBranch, action: action), nil)
        case .gitlab:
            return (".gitlab/navgraph.gitlab-ci.yml", gitlab(repository: repository), "include it from .gitlab-ci.yml: include: [{local: .gitlab/navgraph.gitlab-ci.yml}]")
        case .bitrise:
            return (".bitrise/navgraph.yml", bitrise(repository: repository), "add its navgraph workflow to bitrise.yml (or include the file where Bitrise's modular YAML is enabled)")
        case .fastlane:
            return ("fastlane/Navgraphfile", fastlane(), "import it from fastlane/Fastfile: import(\"Navgraphfile\"), then run fastlane navgraph")
        }
    }

    /// CI systems init writes no job for, by the file that shows them (reported, so a team knows
    /// the job written is not the one its CI runs).
    public static func detectOthers(root: String) -> [String] {
        let known: [(file: String, name: String)] = [
            (".travis.yml", "Travis CI"), (".circleci/config.yml", "CircleCI"), ("Jenkinsfile", "Jenkins"),
            ("azure-pipelines.yml", "Azure Pipelines"), ("ci_scripts", "Xcode Cloud"), ("codemagic.yaml", "Codemagic"),
            ("bitbucket-pipelines.yml", "Bitbucket Pipelines"), (".buildkite", "Buildkite"),
        ]
        return known.filter { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0.file)) }.map { "\($0.name) (\($0.file))" }
    }

    /// The default branch, from the clone's `origin/HEAD` when it is there, else `main`.
    static func defaultBranch(root: String) -> String {
        let head = (root as NSString).appendingPathComponent(".git/refs/remotes/origin/HEAD")
        guard let text = try? String(contentsOfFile: head, encoding: .utf8) else { return "main" }
        let prefix = "ref: refs/remotes/origin/"
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix(prefix) else { return "main" }
        let branch = String(line.dropFirst(prefix.count))
        // A branch name goes into YAML as written: keep only names that need no quoting.
        let safe = !branch.isEmpty && branch.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./".unicodeScalars.contains($0) }
        return safe ? branch : "main"
    }

    static func github(branch: String, action: String) -> String {
        """
        # Written by `navgraph init` (docs/ci.md). Checks the app's navigation on every push to \(branch)
        # and every pull request, with findings as annotations on their lines; on a pull request, posts
        # what it changes as one comment (navgraph diff) and fails on new errors or stranded screens.
        # Findings recorded in the baseline named by .navgraph.yml are accepted: only new ones fail.
        name: navgraph
        on:
          push:
            branches: [\(branch)]
          pull_request:
        jobs:
          navigation:
            runs-on: ubuntu-latest
            container: swift:6.1
            permissions:
              contents: read
              pull-requests: write          # the diff comment
            steps:
              - uses: actions/checkout@v4
              - uses: \(action)@main
                with:
                  report: junit:navgraph-out/junit.xml
                  diff-comment: true
                  diff-fail-on: new-errors unreachable
              - uses: actions/upload-artifact@v4
                if: always()
                with:
                  name: navgraph
                  path: navgraph-out/

        """
    }

    static func gitlab(repository: String) -> String {
        """
        # Written by `navgraph init` (docs/ci.md). Include it from .gitlab-ci.yml:
        #   include:
        #     - local: .gitlab/navgraph.gitlab-ci.yml
        # navgraph checks the app's navigation (findings in the baseline named by .navgraph.yml are
        # accepted: only new ones fail); on a merge request, navgraph-diff posts what it changes
        # (a project access token with `api` scope in NAVGRAPH_TOKEN).
        .navgraph-install:
          image: swift:6.1
          variables:
            NAVGRAPH_REPOSITORY: \(JSONValue.quote(repository))
            NAVGRAPH_REF: main
          before_script:
            - apt-get update && apt-get install -y libgraphviz-dev graphviz pkg-config git make curl jq
            - git clone --depth 1 --branch "$NAVGRAPH_REF" "$NAVGRAPH_REPOSITORY" /tmp/navgraph
            - make -C /tmp/navgraph install SWIFT_BUILD_FLAGS=--static-swift-stdlib

        navgraph:
          extends: .navgraph-install
          stage: test
          script:
            - navgraph check --report gitlab:gl-code-quality.json --report junit:navgraph-junit.xml
          artifacts:
            when: always
            reports:
              codequality: gl-code-quality.json
              junit: navgraph-junit.xml

        navgraph-diff:
          extends: .navgraph-install
          stage: test
          rules:
            - if: $CI_PIPELINE_SOURCE == "merge_request_event"
          script:
            - git fetch origin "$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"
            - navgraph diff --base "origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME" --format markdown -o navgraph-diff.md
            - >
              jq -n --rawfile body navgraph-diff.md '{body: $body}' |
              curl --fail -X POST -H "PRIVATE-TOKEN: $NAVGRAPH_TOKEN" -H "Content-Type: application/json" --data @-
              "$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes"
            - navgraph diff --base "origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME" --fail-on new-errors --fail-on unreachable
          artifacts:
            when: always
            paths: [navgraph-diff.md]

        """
    }

    static func bitrise(repository: String) -> String {
        """
        # Written by `navgraph init` (docs/ci.md). A Bitrise workflow that checks the app's navigation
        # (findings in the baseline named by .navgraph.yml are accepted: only new ones fail). Add the
        # `navgraph` workflow to bitrise.yml, or include this file where modular YAML is enabled:
        #   include:
        #     - path: .bitrise/navgraph.yml
        workflows:
          navgraph:
            envs:
              - NAVGRAPH_REPOSITORY: \(JSONValue.quote(repository))
            steps:
              - git-clone@8: {}
              - script@1:
                  title: navgraph check
                  inputs:
                    - content: |-
                        set -euo pipefail
                        brew tap navgraph/navgraph "$NAVGRAPH_REPOSITORY"
                        brew install --HEAD navgraph/navgraph/navgraph
                        navgraph check --report junit:"$BITRISE_DEPLOY_DIR/navgraph-junit.xml"
              - deploy-to-bitrise-io@2: {}

        """
    }

    static func fastlane() -> String {
        """
        # Written by `navgraph init` (docs/ci.md). Import it from fastlane/Fastfile:
        #   import("Navgraphfile")
        # then `fastlane navgraph` checks the app's navigation with the repository's .navgraph.yml
        # (findings in its baseline are accepted: only new ones fail). navgraph must be on PATH.

        desc "Check the app's navigation with navgraph"
        lane :navgraph do
          # Lanes run in the fastlane folder; navgraph runs where .navgraph.yml is.
          Dir.chdir(File.exist?("../.navgraph.yml") ? ".." : ".") do
            sh("navgraph", "check", "--report", "junit:fastlane/test_output/navgraph-junit.xml")
          end
        end

        """
    }
}
