import Hummingbird

/// The one answer to every reset request, whatever the account.
struct ResetRequested: ResponseEncodable {
    let requested: Bool
}
