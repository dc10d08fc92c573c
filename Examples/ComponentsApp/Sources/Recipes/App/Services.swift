protocol SessionStore { var userName: String { get } }
protocol RecipeCatalog { func recipes() -> [String] }
protocol AnalyticsTracking { func track(_ event: String) }

struct LocalSessionStore: SessionStore { var userName: String { "cook" } }
struct BundledRecipeCatalog: RecipeCatalog { func recipes() -> [String] { ["Soup", "Bread"] } }
struct ConsoleAnalytics: AnalyticsTracking { func track(_ event: String) { print(event) } }
