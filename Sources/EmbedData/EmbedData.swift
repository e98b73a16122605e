import Foundation
import PackagePlugin

/// Build-tool plugin: every `Migrations/<engine>/NNNN_name.sql` of the package, and the common-password list
/// in `Sources/Latchkey/Data/`, become Swift source in the target. The files stay the single source of truth.
@main
struct EmbedData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "EmbedDataTool").url
        // One folder per engine, the same versions and names in each (a test checks it).
        var migrations: [URL] = []
        var migrationArguments: [String] = []
        for engine in ["sqlite", "postgresql"] {
            let folder = context.package.directoryURL.appending(path: "Migrations/\(engine)")
            let files = try FileManager.default
                .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "sql" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            migrations += files
            migrationArguments += ["--engine", engine] + files.map(\.path)
        }
        let migrationsOutput = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        let passwords = context.package.directoryURL.appending(path: "Sources/Latchkey/Data/common-passwords.txt")
        let passwordsOutput = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCommonPasswords.swift")
        return [
            .buildCommand(
                displayName:
                    "Embedding \(migrations.count) migrations from Migrations/sqlite and Migrations/postgresql",
                executable: tool,
                arguments: ["migrations", migrationsOutput.path] + migrationArguments,
                inputFiles: migrations,
                outputFiles: [migrationsOutput]
            ),
            .buildCommand(
                displayName: "Embedding the common-password list",
                executable: tool,
                arguments: ["common-passwords", passwordsOutput.path, passwords.path],
                inputFiles: [passwords],
                outputFiles: [passwordsOutput]
            ),
        ]
    }
}
