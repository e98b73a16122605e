import Foundation

/// Django itself, in a throwaway virtualenv made on first use (PyPI: Django 5.2, argon2-cffi, bcrypt,
/// psycopg), for hashes made by `make_password` and `auth_user` tables made by Django's migrations.
enum DjangoTool {
    struct DjangoToolError: Error, CustomStringConvertible {
        let description: String
    }

    /// One account for `users(_:exportedBy:)`: `hasher` nil sets Django's unusable password.
    struct User: Sendable {
        let username: String
        let password: String
        let hasher: String?
        var email = ""
        var firstName = ""
        var lastName = ""
        var active = true
        var superuser = false

        init(_ username: String, _ password: String, hasher: String?) {
            self.username = username
            self.password = password
            self.hasher = hasher
        }
    }

    /// How `auth_user` leaves the database: as an operator would export it.
    enum Export: String, Sendable, CaseIterable, CustomStringConvertible {
        /// `sqlite3 -csv -header db 'SELECT * FROM auth_user'`
        case sqliteWithHeader
        /// `sqlite3 -csv db 'SELECT * FROM auth_user'`: no header (the import refuses it).
        case sqliteWithoutHeader
        /// `psql -c "\copy auth_user TO 'file' CSV HEADER"`, Django on the test's PostgreSQL server.
        case psqlCopy

        var description: String { rawValue }
    }

    /// Django's hashers by `make_password`'s names.
    static let hashers = """
        ['django.contrib.auth.hashers.PBKDF2PasswordHasher', 'django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher',
         'django.contrib.auth.hashers.Argon2PasswordHasher', 'django.contrib.auth.hashers.BCryptSHA256PasswordHasher',
         'django.contrib.auth.hashers.BCryptPasswordHasher', 'django.contrib.auth.hashers.ScryptPasswordHasher']
        """

    /// `make_password(password, hasher=name)` for each name (`pbkdf2_sha256`, `argon2`, …).
    static func hashes(_ password: String, hashers: [String]) throws -> [String] {
        let script = """
            import json, sys, django
            from django.conf import settings
            settings.configure(PASSWORD_HASHERS=\(Self.hashers))
            django.setup()
            from django.contrib.auth.hashers import make_password
            spec = json.load(sys.stdin)
            for name in spec['hashers']:
                print(make_password(spec['password'], hasher=name))
            """
        let input = try JSONSerialization.data(withJSONObject: ["password": password, "hashers": hashers])
        let output = try run(script, arguments: [], stdin: input)
        return output.split(separator: "\n").map(String.init)
    }

    /// `auth_user` made by Django's migrations with `users` in it, exported as `export` says.
    static func users(_ users: [User], exportedBy export: Export) throws -> Data {
        let folder = try TemporaryFolder()
        var database: String
        var psqlTarget = ""
        switch export {
        case .sqliteWithHeader, .sqliteWithoutHeader:
            database = "{'ENGINE': 'django.db.backends.sqlite3', 'NAME': '\(folder.path)/django.sqlite3'}"
        case .psqlCopy:
            guard case .success(let server) = TestPostgres.shared else {
                throw DjangoToolError(description: "no PostgreSQL")
            }
            let schema = "django\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
            try server.execute("CREATE SCHEMA \(schema)")
            database = """
                {'ENGINE': 'django.db.backends.postgresql', 'NAME': 'postgres', 'USER': 'latchkey', \
                'HOST': '\(server.folder)', 'OPTIONS': {'options': '-c search_path=\(schema)'}}
                """
            psqlTarget = "host=\(server.folder) user=latchkey dbname=postgres options='-c search_path=\(schema)'"
        }
        let script = """
            import json, sys, django
            from django.conf import settings
            settings.configure(
                INSTALLED_APPS=['django.contrib.auth', 'django.contrib.contenttypes'],
                DATABASES={'default': \(database)}, USE_TZ=True, PASSWORD_HASHERS=\(Self.hashers))
            django.setup()
            from django.core.management import call_command
            call_command('migrate', verbosity=0)
            from django.contrib.auth.hashers import make_password
            from django.contrib.auth.models import User
            for spec in json.load(sys.stdin):
                user = User(username=spec['username'], email=spec['email'], first_name=spec['first_name'],
                            last_name=spec['last_name'], is_active=spec['active'], is_superuser=spec['superuser'])
                if spec['hasher']:
                    user.password = make_password(spec['password'], hasher=spec['hasher'])
                else:
                    user.set_unusable_password()
                user.save()
            """
        let specs: [[String: Any]] = users.map {
            [
                "username": $0.username, "password": $0.password, "hasher": $0.hasher ?? "", "email": $0.email,
                "first_name": $0.firstName, "last_name": $0.lastName, "active": $0.active, "superuser": $0.superuser,
            ]
        }
        _ = try run(script, arguments: [], stdin: try JSONSerialization.data(withJSONObject: specs))
        let csv = folder.path + "/auth_user.csv"
        switch export {
        case .sqliteWithHeader, .sqliteWithoutHeader:
            let header = export == .sqliteWithHeader ? ["-header"] : []
            let output = try capture(
                "/usr/bin/env",
                ["sqlite3", "-csv"] + header + [folder.path + "/django.sqlite3", "SELECT * FROM auth_user"])
            return output
        case .psqlCopy:
            let psql = (TestPostgres.binaries() ?? "/usr/bin") + "/psql"
            _ = try capture(psql, [psqlTarget, "-X", "-q", "-c", "\\copy auth_user TO '\(csv)' CSV HEADER"])
            return try Data(contentsOf: URL(fileURLWithPath: csv))
        }
    }

    /// Runs `script` with the virtualenv's Python.
    private static func run(_ script: String, arguments: [String], stdin: Data) throws -> String {
        let python = try environment.get()
        let output = try capture(python, ["-c", script] + arguments, stdin: stdin)
        return String(decoding: output, as: UTF8.self)
    }

    /// The virtualenv's Python: made once (a minute at most), then reused by every test run.
    private static let environment: Result<String, DjangoToolError> = {
        let folder = FileManager.default.temporaryDirectory.path + "/latchkey-django-5.2"
        let python = folder + "/bin/python"
        if (try? capture(python, ["-c", "import django, argon2, bcrypt, psycopg"])) != nil { return .success(python) }
        // Made beside, then renamed: two test processes never share a half-made environment.
        let making = folder + ".\(getpid())"
        do {
            _ = try capture("/usr/bin/env", ["python3", "-m", "venv", making])
            _ = try capture(
                making + "/bin/python",
                ["-m", "pip", "install", "-q", "django>=5.2,<5.3", "argon2-cffi", "bcrypt", "psycopg[binary]"])
            try? FileManager.default.removeItem(atPath: folder)
            // Its Python finds its packages beside itself (pyvenv.cfg), wherever the folder is.
            try FileManager.default.moveItem(atPath: making, toPath: folder)
            return .success(python)
        } catch {
            try? FileManager.default.removeItem(atPath: making)
            return .failure(DjangoToolError(description: "no Django virtualenv: \(error)"))
        }
    }()

    /// Runs a program; its standard output, or a failure with its standard error.
    @discardableResult
    private static func capture(_ executable: String, _ arguments: [String], stdin: Data? = nil) throws -> Data {
        // Making the virtualenv downloads from PyPI: longer than a test's command, never endless.
        let exit = try SpawnedProcess(executable, arguments, stdin: stdin.map { [UInt8]($0) })
            .wait(timeout: .seconds(900))
        guard exit.status == 0, !exit.signalled else {
            throw DjangoToolError(description: "\(executable) \(arguments.first ?? ""): \(exit.errors.suffix(2000))")
        }
        return exit.stdout
    }
}
