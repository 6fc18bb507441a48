// The Android app: a GameActivity (MainActivity.java) that loads libsternhalma.so, the Rust game
// built from the repository's root crate by cargo-ndk for every ABI below, before the native
// libraries are merged into the APK. Debug builds use Cargo's dev profile, release builds
// `--release`. The game's assets/ (less the screenshots) become the APK's assets.
//
// The version comes from the root Cargo.toml ([package] version): versionName is that string,
// versionCode = major * 10000 + minor * 100 + patch (0.1.0 -> 100). scripts/check-mobile.py
// checks that iOS uses the same numbers.

import org.gradle.process.ExecOperations
import javax.inject.Inject

plugins {
    alias(libs.plugins.android.application)
}

/** The repository root: android/ lives directly in it. */
val repoRoot: File = rootProject.projectDir.parentFile

/** `version` in the [package] section of the root Cargo.toml. */
val cargoVersion: String = run {
    val toml = repoRoot.resolve("Cargo.toml").readText()
    val pkg = Regex("""(?ms)^\[package\]\s*$(.*?)(?=^\[|\z)""").find(toml)?.groupValues?.get(1)
        ?: error("Cargo.toml has no [package] section")
    Regex("""(?m)^version\s*=\s*"([^"]+)"""").find(pkg)?.groupValues?.get(1)
        ?: error("Cargo.toml's [package] has no version")
}

/** versionCode from "major.minor.patch" (a pre-release suffix is ignored). */
fun versionCodeOf(version: String): Int {
    val parts = version.substringBefore('-').substringBefore('+').split('.').map { it.toInt() }
    require(parts.size == 3 && parts[1] < 100 && parts[2] < 100) { "unexpected version $version" }
    return parts[0] * 10000 + parts[1] * 100 + parts[2]
}

/** The ABIs built and packaged: phones and tablets (arm64-v8a) and emulators (x86_64). */
val rustAbis = listOf("arm64-v8a", "x86_64")
val minSdkLevel = 31

android {
    namespace = "org.sternhalma.app"
    compileSdk = 35
    // Android NDK r27c. cargo-ndk is pointed at exactly this NDK (see CargoNdk below).
    ndkVersion = "27.2.12479018"

    defaultConfig {
        applicationId = "org.sternhalma.app"
        // GameActivity needs API level 31 (Android 12) or later (Bevy's mobile notes).
        minSdk = minSdkLevel
        targetSdk = 35
        versionName = cargoVersion
        versionCode = versionCodeOf(cargoVersion)
        ndk {
            abiFilters += rustAbis
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = false
            // No release keystore in the repository: sign release builds with the debug key so
            // that `adb install` works; use your own signingConfig to publish.
            signingConfig = signingConfigs.getByName("debug")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

dependencies {
    implementation(libs.appcompat)
    implementation(libs.core)
    implementation(libs.games.activity)
}

/**
 * Builds the game's shared library with cargo-ndk:
 * `cargo ndk -t arm64-v8a -t x86_64 -P 31 -o <out> rustc --lib --features game-activity [--release]
 * --crate-type cdylib`,
 * run in the repository root. `cargo rustc --crate-type cdylib` asks for the cdylib only here,
 * so desktop builds never link one (Cargo.toml declares no crate-type on purpose); cargo-ndk
 * copies every cdylib artifact into `<out>/<abi>/libsternhalma.so`.
 */
abstract class CargoNdk : DefaultTask() {
    @get:Input abstract val release: Property<Boolean>
    @get:Input abstract val abis: ListProperty<String>
    @get:Input abstract val platform: Property<Int>
    @get:Internal abstract val workspace: DirectoryProperty
    @get:Internal abstract val ndkDirectory: DirectoryProperty
    @get:OutputDirectory abstract val outputDir: DirectoryProperty
    @get:Inject abstract val execOperations: ExecOperations

    @TaskAction
    fun build() {
        val out = outputDir.get().asFile
        out.deleteRecursively()
        out.mkdirs()
        val args = mutableListOf("cargo", "ndk")
        abis.get().forEach { args += listOf("-t", it) }
        args += listOf("-P", platform.get().toString(), "-o", out.absolutePath)
        // GameActivity's glue: MainActivity extends GameActivity (see Cargo.toml's features).
        args += listOf("rustc", "--lib", "--features", "game-activity")
        if (release.get()) args += "--release"
        args += listOf("--crate-type", "cdylib")
        execOperations.exec {
            workingDir = workspace.get().asFile
            environment("ANDROID_NDK_HOME", ndkDirectory.get().asFile.absolutePath)
            commandLine(args)
        }
    }
}

/**
 * The game's runtime assets: the repository's assets/ (sounds, ...) less the README screenshots,
 * copied to the root of the APK's assets, where Bevy's Android asset reader looks
 * (`sounds/step.wav` -> assets/sounds/step.wav in the APK).
 */
abstract class GameAssets : DefaultTask() {
    @get:InputDirectory abstract val assetsDir: DirectoryProperty
    @get:OutputDirectory abstract val outputDir: DirectoryProperty
    @get:Inject abstract val fs: FileSystemOperations

    @TaskAction
    fun copyAssets() {
        fs.sync {
            from(assetsDir) { exclude("screenshots/**") }
            into(outputDir)
        }
    }
}

val gameAssets = tasks.register<GameAssets>("gameAssets") {
    group = "build"
    description = "Copies the game's assets (less the README screenshots) into the APK"
    assetsDir.set(repoRoot.resolve("assets"))
    outputDir.set(layout.buildDirectory.dir("gameAssets"))
}

androidComponents {
    onVariants { variant ->
        variant.sources.assets?.addGeneratedSourceDirectory(gameAssets, GameAssets::outputDir)
        val name = variant.name.replaceFirstChar { it.uppercase() }
        val cargo = tasks.register<CargoNdk>("cargoNdk$name") {
            group = "build"
            description = "Builds libsternhalma.so for ${rustAbis.joinToString()} with cargo-ndk"
            release.set(variant.buildType == "release")
            abis.set(rustAbis)
            platform.set(minSdkLevel)
            workspace.set(repoRoot)
            ndkDirectory.set(sdkComponents.ndkDirectory)
            outputDir.set(layout.buildDirectory.dir("rustJniLibs/${variant.name}"))
            // Cargo knows best whether the library is up to date: always ask it.
            outputs.upToDateWhen { false }
        }
        // Registers the output as a jniLibs source of this variant, so that the merge of the
        // native libraries depends on (and runs after) the cargo-ndk task.
        variant.sources.jniLibs?.addGeneratedSourceDirectory(cargo, CargoNdk::outputDir)
    }
}
