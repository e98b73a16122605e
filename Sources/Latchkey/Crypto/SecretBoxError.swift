/// Why a stored secret does not open.
enum SecretBoxError: Error, Equatable {
    case cannotOpen
}
