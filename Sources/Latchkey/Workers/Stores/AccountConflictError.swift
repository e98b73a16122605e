/// A username or email that another account already has.
enum AccountConflictError: Error, Equatable {
    case usernameTaken, emailTaken
}
