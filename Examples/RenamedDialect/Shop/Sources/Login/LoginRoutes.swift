import DIService

struct UsernameRoute: Route {
    static let identifier = "login_username"
}

struct PasswordRoute: Route {
    static let identifier = "login_password"
    let username: String
}
