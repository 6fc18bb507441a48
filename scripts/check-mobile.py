#!/usr/bin/env python3
"""Checks that the Android and iOS projects agree with the crate and with each other, so that
neither can drift silently. Nothing here builds anything (no NDK or Xcode on CI's machines):
it reads the files. Needs only python3 (3.11 or later, standard library) and bash.

    scripts/check-mobile.py              # check the repository; exit 1 with messages on drift
    scripts/check-mobile.py --root DIR   # check another copy of the repository
    scripts/check-mobile.py --self-test  # show that drift is caught: break copies, expect failures

What must agree:
- library name: Cargo's [lib] name = android.app.lib_name = System.loadLibrary in MainActivity
  = -l<name> in the Xcode project (pbxproj and project.yml) = the lib<name>.a that
  ios/build_rust_deps.sh writes where LIBRARY_SEARCH_PATHS looks; main_rs() exists in
  src/lib.rs (iOS) and is what main.m calls; GameActivity is enabled for Android in Cargo.toml.
- app id: Gradle applicationId = namespace = MainActivity's package (and its path) = iOS
  PRODUCT_BUNDLE_IDENTIFIER (pbxproj, project.yml) = CFBundleIdentifier.
- version: Cargo.toml [package] version = Android versionName (read from Cargo.toml by
  app/build.gradle.kts) = iOS MARKETING_VERSION = CFBundleShortVersionString; versionCode =
  major*10000 + minor*100 + patch = CURRENT_PROJECT_VERSION = CFBundleVersion.
- games-activity version fits the android-activity crate in Cargo.lock.
- the game's assets/ go into the APK (Gradle) and into Sternhalma.app/assets (an Xcode build
  phase, the same in project.yml).
- every XML file parses, Info.plist parses (plistlib), the pbxproj parses and its object
  references resolve, the files it names exist, the shared scheme points at its target,
  shell scripts pass `bash -n`, every icon that a manifest, adaptive icon or asset catalogue
  names exists as a PNG of the right pixel size (and the iOS icon has no alpha channel).
- docs/android.md and docs/ios.md quote the pinned tool versions.
"""

import json
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

ANDROID_NS = "{http://schemas.android.com/apk/res/android}"
# android-activity crate version (Cargo.lock) -> androidx.games:games-activity version its
# README asks for. Add a line when Bevy moves to a new android-activity, after reading that
# version's README ("Game Activity Library Version").
GAMES_ACTIVITY_FOR = {"0.6.0": "4.4.0", "0.6.1": "4.4.0"}
DENSITIES = {"mdpi": 1.0, "hdpi": 1.5, "xhdpi": 2.0, "xxhdpi": 3.0, "xxxhdpi": 4.0}
LEGACY_ICON_DP = 48
ADAPTIVE_LAYER_DP = 108


class Checker:
    def __init__(self, root):
        self.root = root
        self.failures = []
        self.passed = 0
        # Facts found along the way (None until found), compared by later checks.
        self.lib = self.version = self.version_code = self.android_activity = None
        self.app_id = self.min_sdk = self.ndk = self.compile_sdk = self.target_sdk = None
        self.games_activity = self.agp = self.gradle = None
        self.target_name = self.ios_settings = self.deployment_target = self.assets_phase = None

    # -- reporting -----------------------------------------------------------------------------

    def ok(self, cond, what):
        """Records one check; `what` says what was expected and what was found."""
        if cond:
            self.passed += 1
        else:
            self.failures.append(what)
        return cond

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def rel(self, p):
        return os.path.relpath(p, self.root)

    def read(self, *parts):
        p = self.path(*parts)
        if not self.ok(os.path.isfile(p), f"{os.path.join(*parts)}: file missing"):
            return None
        with open(p, encoding="utf-8") as f:
            return f.read()

    def xml(self, *parts):
        p = self.path(*parts)
        if not self.ok(os.path.isfile(p), f"{os.path.join(*parts)}: file missing"):
            return None
        try:
            return ET.parse(p).getroot()
        except ET.ParseError as e:
            self.ok(False, f"{os.path.join(*parts)}: XML does not parse: {e}")
            return None

    def equal(self, found, expected, what):
        return self.ok(found == expected, f"{what}: found {found!r}, expected {expected!r}")

    # -- the crate -----------------------------------------------------------------------------

    def crate(self):
        text = self.read("Cargo.toml")
        if text is None:
            raise SystemExit(self.report())
        try:
            import tomllib
        except ImportError:
            self.ok(False, "scripts/check-mobile.py needs Python 3.11 or later (tomllib)")
            raise SystemExit(self.report())
        try:
            toml = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            self.ok(False, f"Cargo.toml does not parse: {e}")
            raise SystemExit(self.report())
        pkg = toml.get("package", {})
        name = pkg.get("name")
        version = pkg.get("version")
        if not self.ok(isinstance(version, str), "Cargo.toml: [package] version must be a literal string"):
            raise SystemExit(self.report())
        self.lib = toml.get("lib", {}).get("name") or name.replace("-", "_")
        self.version = version
        m = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)(?:[-+].*)?", version)
        if not self.ok(m is not None, f"Cargo.toml: version {version!r} is not major.minor.patch"):
            raise SystemExit(self.report())
        major, minor, patch = (int(x) for x in m.groups())
        self.ok(minor < 100 and patch < 100, f"Cargo.toml: version {version}: minor and patch must stay below 100 for the versionCode formula")
        self.version_code = major * 10000 + minor * 100 + patch

        # Android needs GameActivity compiled in: a crate feature the Gradle build turns on.
        features = toml.get("features", {})
        self.ok(
            "bevy/android-game-activity" in features.get("game-activity", []),
            "Cargo.toml: the game-activity feature must enable bevy/android-game-activity "
            "(the Android project uses GameActivity)",
        )
        self.ok(
            "game-activity" not in features.get("default", []),
            "Cargo.toml: game-activity must not be a default feature (desktop builds would compile it)",
        )
        crate_types = toml.get("lib", {}).get("crate-type")
        self.ok(
            crate_types is None or "cdylib" not in crate_types,
            "Cargo.toml: [lib] crate-type lists cdylib: every desktop build would link it; the mobile "
            "builds ask for cdylib/staticlib with `cargo rustc --crate-type`",
        )

        lib_rs = self.read("src", "lib.rs") or ""
        self.ok("#[bevy_main]" in lib_rs, "src/lib.rs: no #[bevy_main] (Android's android_main comes from it)")
        self.ok(
            re.search(r'pub\s+extern\s+"C"\s+fn\s+main_rs\s*\(\s*\)', lib_rs) is not None
            and "no_mangle" in lib_rs,
            'src/lib.rs: no `#[unsafe(no_mangle)] pub extern "C" fn main_rs()` (ios/Sternhalma/main.m calls it)',
        )

        lock = self.read("Cargo.lock") or ""
        m = re.search(r'name = "android-activity"\nversion = "([^"]+)"', lock)
        self.android_activity = m.group(1) if m else None
        self.ok(m is not None, "Cargo.lock: no android-activity package (is bevy's android-game-activity feature gone?)")

    # -- Android -------------------------------------------------------------------------------

    def android(self):
        app = ("android", "app")
        gradle = self.read(*app, "build.gradle.kts") or ""
        self.ok(
            re.search(r'listOf\("rustc", "--lib", "--features", "game-activity"\)', gradle) is not None,
            "android/app/build.gradle.kts: cargo-ndk must build with --features game-activity "
            "(MainActivity extends GameActivity)",
        )

        def setting(key):
            m = re.search(rf"^\s*{key}\s*=\s*(.+?)\s*$", gradle, re.M)
            return m.group(1) if m else None

        def literal(value):
            if value is None:
                return None
            m = re.fullmatch(r'"([^"]*)"', value)
            return m.group(1) if m else value

        app_id = literal(setting("applicationId"))
        self.app_id = app_id
        self.ok(app_id is not None, "android/app/build.gradle.kts: no applicationId")
        self.equal(literal(setting("namespace")), app_id, "android/app/build.gradle.kts: namespace vs applicationId")

        # Version: either derived from Cargo.toml by the script, or literal values that agree.
        vname, vcode = setting("versionName"), setting("versionCode")
        if vname == "cargoVersion":
            self.ok(
                re.search(r'repoRoot\.resolve\("Cargo\.toml"\)', gradle) is not None
                and "rootProject.projectDir.parentFile" in gradle,
                "android/app/build.gradle.kts: versionName = cargoVersion, but cargoVersion is not read from the root Cargo.toml",
            )
        else:
            self.equal(literal(vname), self.version, "Android versionName vs Cargo.toml version")
        if vcode == "versionCodeOf(cargoVersion)":
            self.ok(
                re.search(r"parts\[0\]\s*\*\s*10000\s*\+\s*parts\[1\]\s*\*\s*100\s*\+\s*parts\[2\]", gradle) is not None,
                "android/app/build.gradle.kts: versionCodeOf no longer computes major*10000 + minor*100 + patch "
                "(iOS CURRENT_PROJECT_VERSION uses that formula)",
            )
        else:
            self.equal(literal(vcode), str(self.version_code), "Android versionCode vs Cargo.toml version")

        # Pinned SDK levels and NDK.
        for key in ("compileSdk", "targetSdk"):
            self.ok(re.fullmatch(r"\d+", setting(key) or "") is not None, f"android/app/build.gradle.kts: {key} must be a pinned number")
        m = re.search(r"val minSdkLevel = (\d+)", gradle)
        self.ok(m is not None and setting("minSdk") == "minSdkLevel", "android/app/build.gradle.kts: minSdk must be the pinned minSdkLevel (cargo-ndk's -P uses it)")
        self.min_sdk = m.group(1) if m else None
        self.ndk = literal(setting("ndkVersion"))
        self.ok(re.fullmatch(r"\d+\.\d+\.\d+", self.ndk or "") is not None, "android/app/build.gradle.kts: ndkVersion must be pinned (e.g. \"27.2.12479018\")")
        self.compile_sdk, self.target_sdk = setting("compileSdk"), setting("targetSdk")
        for abi in ("arm64-v8a", "x86_64"):
            self.ok(f'"{abi}"' in gradle, f"android/app/build.gradle.kts: ABI {abi} is not built")
        for piece in ('"ndk"', '"rustc", "--lib"', '"--crate-type", "cdylib"', '"--release"', "jniLibs?.addGeneratedSourceDirectory(cargo"):
            self.ok(piece in gradle, f"android/app/build.gradle.kts: the cargo-ndk task lost {piece}")
        for piece in ('assetsDir.set(repoRoot.resolve("assets"))', "assets?.addGeneratedSourceDirectory(gameAssets"):
            self.ok(piece in gradle, f"android/app/build.gradle.kts: the game's assets/ no longer go into the APK (missing {piece})")

        # games-activity vs android-activity.
        versions = self.read("android", "gradle", "libs.versions.toml") or ""
        m = re.search(r'^gamesActivity\s*=\s*"([^"]+)"', versions, re.M)
        games_activity = m.group(1) if m else None
        self.games_activity = games_activity
        if self.android_activity:
            wanted = GAMES_ACTIVITY_FOR.get(self.android_activity)
            if self.ok(
                wanted is not None,
                f"Cargo.lock has android-activity {self.android_activity}, unknown to scripts/check-mobile.py: read its "
                "README for the matching androidx.games:games-activity and add it to GAMES_ACTIVITY_FOR",
            ):
                self.equal(games_activity, wanted, f"android/gradle/libs.versions.toml gamesActivity (android-activity {self.android_activity})")
        m = re.search(r'^agp\s*=\s*"([^"]+)"', versions, re.M)
        self.agp = m.group(1) if m else None
        self.ok(self.agp is not None, "android/gradle/libs.versions.toml: no agp version")
        wrapper = self.read("android", "gradle", "wrapper", "gradle-wrapper.properties") or ""
        m = re.search(r"gradle-([\d.]+)-(?:bin|all)\.zip", wrapper)
        self.gradle = m.group(1) if m else None
        self.ok(self.gradle is not None, "android/gradle/wrapper/gradle-wrapper.properties: no pinned distributionUrl")

        # Manifest.
        main = ("android", "app", "src", "main")
        manifest = self.xml(*main, "AndroidManifest.xml")
        res = self.path(*main, "res")
        if manifest is not None:
            if "package" in manifest.attrib:
                self.equal(manifest.get("package"), app_id, "AndroidManifest.xml package vs applicationId")
            application = manifest.find("application")
            if self.ok(application is not None, "AndroidManifest.xml: no <application>"):
                activities = application.findall("activity")
                launcher = None
                for a in activities:
                    for f in a.findall("intent-filter"):
                        if any(c.get(ANDROID_NS + "name") == "android.intent.category.LAUNCHER" for c in f.findall("category")):
                            launcher = a
                if self.ok(launcher is not None, "AndroidManifest.xml: no launcher activity"):
                    metas = {m.get(ANDROID_NS + "name"): m.get(ANDROID_NS + "value") for m in launcher.findall("meta-data")}
                    self.equal(metas.get("android.app.lib_name"), self.lib, "AndroidManifest.xml android.app.lib_name vs Cargo lib name")
                    cls = launcher.get(ANDROID_NS + "name") or ""
                    full = app_id + cls if cls.startswith(".") else cls
                    self.java_activity(full)
                    self.ok(
                        "orientation" in (launcher.get(ANDROID_NS + "configChanges") or "")
                        and "screenSize" in (launcher.get(ANDROID_NS + "configChanges") or ""),
                        "AndroidManifest.xml: configChanges must include orientation|screenSize (rotation must not restart the game)",
                    )
                for attr in ("icon", "roundIcon"):
                    ref = application.get(ANDROID_NS + attr)
                    if self.ok(ref is not None and ref.startswith("@mipmap/"), f"AndroidManifest.xml: android:{attr} must name a @mipmap icon"):
                        self.mipmap(res, ref[len("@mipmap/"):], LEGACY_ICON_DP)
                self.resource(res, application.get(ANDROID_NS + "label"), "string")
                self.resource(res, application.get(ANDROID_NS + "theme"), "style")

        # Every XML file under android/ parses.
        for d, _, files in os.walk(self.path("android")):
            if "build" in os.path.relpath(d, self.path("android")).split(os.sep):
                continue
            for f in files:
                if f.endswith(".xml"):
                    self.xml(os.path.relpath(os.path.join(d, f), self.root))
        # Every PNG under res/ is a PNG.
        for d, _, files in os.walk(res):
            for f in files:
                if f.endswith(".png"):
                    self.png(os.path.join(d, f))

    def java_activity(self, full_name):
        pkg, _, cls = full_name.rpartition(".")
        self.equal(pkg, self.app_id, "AndroidManifest.xml launcher activity's package vs applicationId")
        parts = ("android", "app", "src", "main", "java", *pkg.split("."), cls + ".java")
        java = self.read(*parts)
        if java is None:
            return
        self.ok(re.search(rf"^package {re.escape(pkg)};", java, re.M) is not None, f"{os.path.join(*parts)}: package must be {pkg}")
        self.ok(re.search(r"extends\s+(com\.google\.androidgamesdk\.)?GameActivity\b", java) is not None, f"{os.path.join(*parts)}: must extend GameActivity")
        loads = re.findall(r'System\.loadLibrary\("([^"]+)"\)', java)
        for name in loads:
            self.equal(name, self.lib, f"{os.path.join(*parts)}: System.loadLibrary vs Cargo lib name")
        self.ok("FLAG_KEEP_SCREEN_ON" in java, f"{os.path.join(*parts)}: the screen must be kept on (FLAG_KEEP_SCREEN_ON)")

    def resource(self, res, ref, kind):
        if not self.ok(ref is not None and ref.startswith(f"@{kind}/"), f"AndroidManifest.xml: expected a @{kind}/ reference, found {ref!r}"):
            return
        name = ref.split("/", 1)[1]
        found = False
        values = os.path.join(res, "values")
        for f in sorted(os.listdir(values)) if os.path.isdir(values) else []:
            if f.endswith(".xml"):
                try:
                    root = ET.parse(os.path.join(values, f)).getroot()
                except ET.ParseError:
                    continue  # reported by the parse-everything pass
                found |= any(e.get("name") == name for e in root.findall(kind))
        self.ok(found, f"android res/values: {ref} is not defined")

    def mipmap(self, res, name, dp):
        """An icon named by the manifest: a PNG per density at `dp`, and where an adaptive icon
        XML exists, its layers at 108 dp per density."""
        for density, scale in DENSITIES.items():
            p = os.path.join(res, f"mipmap-{density}", name + ".png")
            self.png(p, round(dp * scale))
        for qualifier in ("anydpi-v26", "anydpi"):
            xml = os.path.join(res, f"mipmap-{qualifier}", name + ".xml")
            if not os.path.isfile(xml):
                continue
            try:
                root = ET.parse(xml).getroot()
            except ET.ParseError:
                continue  # reported by the parse-everything pass
            self.equal(root.tag, "adaptive-icon", f"{self.rel(xml)} root element")
            for layer in ("background", "foreground"):
                self.ok(root.find(layer) is not None, f"{self.rel(xml)}: no <{layer}> layer")
            for child in root:
                ref = child.get(ANDROID_NS + "drawable") or ""
                if ref.startswith("@mipmap/"):
                    for density, scale in DENSITIES.items():
                        self.png(os.path.join(res, f"mipmap-{density}", ref[len("@mipmap/"):] + ".png"), round(ADAPTIVE_LAYER_DP * scale))
                elif ref.startswith("@color/") or ref.startswith("@drawable/"):
                    kind = "color" if ref.startswith("@color/") else "drawable"
                    if kind == "color":
                        self.resource(res, ref, "color")
                else:
                    self.ok(False, f"{self.rel(xml)}: <{child.tag}> has no drawable")

    def png(self, p, size=None, opaque=False):
        """A PNG file exists, has a valid header, and (if given) is size x size pixels."""
        if not self.ok(os.path.isfile(p), f"{self.rel(p)}: icon missing"):
            return
        with open(p, "rb") as f:
            head = f.read(33)
        valid = (
            len(head) == 33
            and head[:8] == b"\x89PNG\r\n\x1a\n"
            and head[12:16] == b"IHDR"
            and struct.unpack(">I", head[29:33])[0] == zlib.crc32(head[12:29]) & 0xFFFFFFFF
        )
        if not self.ok(valid, f"{self.rel(p)}: not a valid PNG"):
            return
        w, h = struct.unpack(">II", head[16:24])
        colour_type = head[25]
        if size is not None:
            self.ok((w, h) == (size, size), f"{self.rel(p)}: {w}x{h} pixels, expected {size}x{size}")
        if opaque:
            self.ok(colour_type in (0, 2), f"{self.rel(p)}: has an alpha channel (the App Store rejects app icons with alpha)")

    # -- iOS -----------------------------------------------------------------------------------

    def ios(self):
        pbx_rel = os.path.join("ios", "Sternhalma.xcodeproj", "project.pbxproj")
        text = self.read(pbx_rel)
        if text is None:
            return
        try:
            pbx = parse_pbxproj(text)
        except ValueError as e:
            self.ok(False, f"{pbx_rel}: does not parse: {e}")
            return
        objects = pbx.get("objects", {})
        self.ok(pbx.get("rootObject") in objects, f"{pbx_rel}: rootObject does not exist")
        # Every object has an isa and every ID-looking value points at an object.
        for oid, obj in objects.items():
            self.ok(isinstance(obj, dict) and "isa" in obj, f"{pbx_rel}: object {oid} has no isa")
            for ref in ids_in(obj):
                self.ok(ref in objects, f"{pbx_rel}: object {oid} refers to missing object {ref}")
        targets = [o for o in objects.values() if isinstance(o, dict) and o.get("isa") == "PBXNativeTarget"]
        if not self.ok(len(targets) == 1, f"{pbx_rel}: expected exactly one native target, found {len(targets)}"):
            return
        target = targets[0]
        target_id = next(k for k, v in objects.items() if v is target)
        self.target_name = target.get("name")
        configs = [objects[c] for c in objects[target["buildConfigurationList"]]["buildConfigurations"]]
        project = objects[pbx["rootObject"]]
        project_configs = {objects[c]["name"]: objects[c]["buildSettings"] for c in objects[project["buildConfigurationList"]]["buildConfigurations"]}

        # File references resolve to files on disk (paths relative to their groups).
        for path in file_paths(objects, pbx["rootObject"]):
            self.ok(os.path.exists(self.path("ios", path)), f"{pbx_rel}: file reference ios/{path} does not exist")

        # Build phases: the Rust build before compiling and linking.
        phases = [objects[p] for p in target.get("buildPhases", [])]
        kinds = [p.get("isa") for p in phases]
        self.ok(
            kinds[:1] == ["PBXShellScriptBuildPhase"] and "PBXSourcesBuildPhase" in kinds and "PBXFrameworksBuildPhase" in kinds,
            f"{pbx_rel}: the Rust build script must be the first build phase, before Sources and Frameworks",
        )
        script = phases[0] if phases else {}
        lib_out = f"$(DERIVED_FILE_DIR)/rust/lib{self.lib}.a"
        self.ok("build_rust_deps.sh" in script.get("shellScript", ""), f"{pbx_rel}: the first build phase does not run build_rust_deps.sh")
        self.equal(script.get("outputPaths"), [lib_out], f"{pbx_rel}: Rust build phase outputPaths")
        self.equal(script.get("alwaysOutOfDate"), "1", f"{pbx_rel}: Rust build phase alwaysOutOfDate (Cargo decides what is stale)")

        # The game's assets/ are copied into the bundle (Sternhalma.app/assets) after Resources.
        copy = [p for p in phases if p.get("isa") == "PBXShellScriptBuildPhase" and ASSETS_COPY in p.get("shellScript", "")]
        if self.ok(len(copy) == 1, f"{pbx_rel}: no build phase copies the game's assets/ into the app bundle ({ASSETS_COPY!r} ...)"):
            self.assets_phase = copy[0]
            self.ok(phases.index(copy[0]) > kinds.index("PBXResourcesBuildPhase") if "PBXResourcesBuildPhase" in kinds else False, f"{pbx_rel}: the assets copy must come after the Resources phase")
            self.ok(os.path.isdir(self.path("assets")), "assets/: missing (the mobile projects ship it)")

        self.ios_settings = None
        for c in configs:
            s = c.get("buildSettings", {})
            where = f"{pbx_rel} ({c.get('name')})"
            self.equal(s.get("PRODUCT_BUNDLE_IDENTIFIER"), self.app_id, f"{where} PRODUCT_BUNDLE_IDENTIFIER vs Android applicationId")
            self.equal(s.get("MARKETING_VERSION"), self.version, f"{where} MARKETING_VERSION vs Cargo.toml version")
            self.equal(s.get("CURRENT_PROJECT_VERSION"), str(self.version_code), f"{where} CURRENT_PROJECT_VERSION vs versionCode of Cargo.toml version")
            flags = s.get("OTHER_LDFLAGS", [])
            self.ok(f"-l{self.lib}" in flags, f"{where} OTHER_LDFLAGS does not link -l{self.lib}")
            self.ok(os.path.dirname(lib_out) in s.get("LIBRARY_SEARCH_PATHS", []), f"{where} LIBRARY_SEARCH_PATHS lacks {os.path.dirname(lib_out)}")
            self.equal(s.get("ENABLE_USER_SCRIPT_SANDBOXING"), "NO", f"{where} ENABLE_USER_SCRIPT_SANDBOXING (cargo reads the whole repository)")
            deployment = s.get("IPHONEOS_DEPLOYMENT_TARGET") or project_configs.get(c.get("name"), {}).get("IPHONEOS_DEPLOYMENT_TARGET")
            self.ok(deployment is not None, f"{where}: IPHONEOS_DEPLOYMENT_TARGET is not set")
            if self.ios_settings is None:
                self.ios_settings = dict(s, IPHONEOS_DEPLOYMENT_TARGET=deployment)
            else:
                for key in ("PRODUCT_BUNDLE_IDENTIFIER", "MARKETING_VERSION", "CURRENT_PROJECT_VERSION", "INFOPLIST_FILE", "OTHER_LDFLAGS", "LIBRARY_SEARCH_PATHS", "PRODUCT_NAME"):
                    self.equal(s.get(key), self.ios_settings.get(key), f"{where} {key} vs the other configuration")
        settings = self.ios_settings or {}
        self.deployment_target = settings.get("IPHONEOS_DEPLOYMENT_TARGET")

        # Info.plist, with $(VAR) resolved from the build settings.
        plist_rel = os.path.join("ios", settings.get("INFOPLIST_FILE", "Sternhalma/Info.plist"))
        info = None
        if self.ok(os.path.isfile(self.path(plist_rel)), f"{plist_rel}: missing (INFOPLIST_FILE)"):
            try:
                with open(self.path(plist_rel), "rb") as f:
                    info = plistlib.load(f)
            except Exception as e:
                self.ok(False, f"{plist_rel}: does not parse: {e}")
        if info is not None:
            def resolved(key):
                v = info.get(key)
                if isinstance(v, str):
                    v = re.sub(r"\$\((\w+)\)", lambda m: str(settings.get(m.group(1), m.group(0))), v)
                return v

            self.equal(resolved("CFBundleIdentifier"), self.app_id, f"{plist_rel} CFBundleIdentifier vs Android applicationId")
            self.equal(resolved("CFBundleShortVersionString"), self.version, f"{plist_rel} CFBundleShortVersionString vs Cargo.toml version")
            self.equal(resolved("CFBundleVersion"), str(self.version_code), f"{plist_rel} CFBundleVersion vs versionCode")
            self.equal(info.get("UIRequiresFullScreen"), True, f"{plist_rel} UIRequiresFullScreen")
            self.equal(info.get("UIStatusBarHidden"), True, f"{plist_rel} UIStatusBarHidden")
            all_four = {"UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown", "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"}
            for key in ("UISupportedInterfaceOrientations", "UISupportedInterfaceOrientations~ipad"):
                self.equal(set(info.get(key, [])), all_four, f"{plist_rel} {key}")
            storyboard = info.get("UILaunchStoryboardName")
            sb_rel = os.path.join(os.path.dirname(plist_rel), f"{storyboard}.storyboard")
            if self.ok(storyboard is not None and os.path.isfile(self.path(sb_rel)), f"{plist_rel}: UILaunchStoryboardName {storyboard!r} has no {sb_rel}"):
                self.xml(sb_rel)
                resources = [objects.get(f, {}).get("fileRef") for p in phases if p.get("isa") == "PBXResourcesBuildPhase" for f in p.get("files", [])]
                names = [objects.get(r, {}).get("path") for r in resources]
                self.ok(f"{storyboard}.storyboard" in names, f"{pbx_rel}: {storyboard}.storyboard is not in the Resources phase")
                self.ok("Assets.xcassets" in names, f"{pbx_rel}: Assets.xcassets is not in the Resources phase")

        # main.m calls the Rust entry point and keeps the screen on.
        main_m = self.read("ios", "Sternhalma", "main.m") or ""
        self.ok(re.search(r"\bvoid\s+main_rs\s*\(\s*void\s*\)\s*;", main_m) is not None and re.search(r"\bmain_rs\s*\(\s*\)\s*;", main_m) is not None, "ios/Sternhalma/main.m: must declare and call main_rs()")
        self.ok("idleTimerDisabled = YES" in main_m, "ios/Sternhalma/main.m: must disable the idle timer (screen stays on)")

        # App icon.
        icon_set = settings.get("ASSETCATALOG_COMPILER_APPICON_NAME")
        iconset_dir = self.path("ios", "Sternhalma", "Assets.xcassets", f"{icon_set}.appiconset")
        self.read("ios", "Sternhalma", "Assets.xcassets", "Contents.json")
        contents = self.read(self.rel(os.path.join(iconset_dir, "Contents.json")))
        if contents is not None:
            try:
                images = json.loads(contents).get("images", [])
            except json.JSONDecodeError as e:
                self.ok(False, f"{self.rel(iconset_dir)}/Contents.json: does not parse: {e}")
                images = []
            self.ok(any(i.get("filename") for i in images), f"{self.rel(iconset_dir)}: no icon image")
            for i in images:
                if not i.get("filename"):
                    continue
                side = float(i["size"].split("x")[0]) * float(i.get("scale", "1x").rstrip("x"))
                self.png(os.path.join(iconset_dir, i["filename"]), round(side), opaque=i.get("idiom") in ("universal", "ios-marketing"))

        # The shared scheme builds this target.
        scheme = self.xml("ios", "Sternhalma.xcodeproj", "xcshareddata", "xcschemes", f"{self.target_name}.xcscheme")
        if scheme is not None:
            refs = scheme.iter("BuildableReference")
            for r in refs:
                self.equal(r.get("BlueprintIdentifier"), target_id, "Sternhalma.xcscheme BlueprintIdentifier vs the pbxproj target")
                self.equal(r.get("BuildableName"), f"{settings.get('PRODUCT_NAME')}.app", "Sternhalma.xcscheme BuildableName")

        # The build script builds lib<name>.a for the three targets and writes where the linker looks.
        sh = self.read("ios", "build_rust_deps.sh") or ""
        self.ok(re.search(rf"^LIB={re.escape(self.lib)}$", sh, re.M) is not None, f"ios/build_rust_deps.sh: LIB= must be the Cargo lib name {self.lib}")
        self.ok('OUT="$DERIVED_FILE_DIR/rust"' in sh, "ios/build_rust_deps.sh: must write to $DERIVED_FILE_DIR/rust (the pbxproj's LIBRARY_SEARCH_PATHS)")
        for t in ("aarch64-apple-ios", "aarch64-apple-ios-sim", "x86_64-apple-ios"):
            self.ok(re.search(rf"TARGET={re.escape(t)}\s", sh) is not None, f"ios/build_rust_deps.sh: no build for {t}")
        self.ok("--crate-type staticlib" in sh and "lipo -create" in sh, "ios/build_rust_deps.sh: must build a staticlib per target and lipo them")
        self.ok(os.access(self.path("ios", "build_rust_deps.sh"), os.X_OK), "ios/build_rust_deps.sh: not executable (Xcode runs it directly)")

        self.project_yml(target, script, settings)

    def project_yml(self, target, script, settings):
        text = self.read("ios", "project.yml")
        if text is None:
            return
        try:
            spec = parse_yaml(text)
        except ValueError as e:
            self.ok(False, f"ios/project.yml: does not parse: {e}")
            return
        targets = spec.get("targets", {})
        if not self.ok(list(targets) == [target.get("name")], f"ios/project.yml: targets {list(targets)} vs pbxproj target {target.get('name')!r}"):
            return
        t = targets[target["name"]]
        ys = t.get("settings", {}).get("base", {})
        for key in ("PRODUCT_NAME", "PRODUCT_BUNDLE_IDENTIFIER", "MARKETING_VERSION", "CURRENT_PROJECT_VERSION", "INFOPLIST_FILE", "ASSETCATALOG_COMPILER_APPICON_NAME", "TARGETED_DEVICE_FAMILY", "OTHER_LDFLAGS", "LIBRARY_SEARCH_PATHS", "ENABLE_USER_SCRIPT_SANDBOXING"):
            self.equal(ys.get(key), settings.get(key), f"ios/project.yml {key} vs pbxproj")
        self.equal(t.get("deploymentTarget"), self.deployment_target, "ios/project.yml deploymentTarget vs pbxproj IPHONEOS_DEPLOYMENT_TARGET")
        self.equal(t.get("type"), "application", "ios/project.yml target type")
        pre = t.get("preBuildScripts", [])
        if self.ok(len(pre) == 1, "ios/project.yml: expected one preBuildScripts entry (the Rust build)"):
            s = pre[0]
            self.equal(s.get("name"), script.get("name"), "ios/project.yml preBuildScripts name vs pbxproj")
            self.equal(s.get("outputFiles"), script.get("outputPaths"), "ios/project.yml preBuildScripts outputFiles vs pbxproj outputPaths")
            self.ok("build_rust_deps.sh" in s.get("script", ""), "ios/project.yml: the pre-build script does not run build_rust_deps.sh")
            self.equal(s.get("basedOnDependencyAnalysis"), "false", "ios/project.yml basedOnDependencyAnalysis (pbxproj alwaysOutOfDate = 1)")
        post = t.get("postBuildScripts", [])
        if self.assets_phase is not None and self.ok(len(post) == 1, "ios/project.yml: expected one postBuildScripts entry (copying the game's assets)"):
            s = post[0]
            phase = self.assets_phase
            self.equal(s.get("name"), phase.get("name"), "ios/project.yml postBuildScripts name vs pbxproj")
            self.equal(s.get("script", "").strip(), phase.get("shellScript", "").strip(), "ios/project.yml assets copy script vs pbxproj")
            self.equal(s.get("outputFiles"), phase.get("outputPaths"), "ios/project.yml assets copy outputFiles vs pbxproj outputPaths")

    # -- shell scripts and docs ----------------------------------------------------------------

    def shell_scripts(self):
        for d, dirs, files in os.walk(self.root):
            dirs[:] = [x for x in dirs if x not in (".git", "target", "build", ".gradle")]
            for f in files:
                if f.endswith(".sh"):
                    p = os.path.join(d, f)
                    r = subprocess.run(["bash", "-n", p], capture_output=True, text=True)
                    self.ok(r.returncode == 0, f"{self.rel(p)}: bash -n fails: {r.stderr.strip()}")

    def docs(self):
        android = self.read("docs/android.md") or ""
        ios = self.read("docs/ios.md") or ""
        if not self.ok(android != "", "docs/android.md is missing"):
            return
        self.ok(ios != "", "docs/ios.md is missing")
        for what, value in (("Gradle", self.gradle), ("Android Gradle Plugin", self.agp), ("NDK", self.ndk), ("games-activity", self.games_activity), ("minSdk", self.min_sdk), ("compileSdk", self.compile_sdk), ("targetSdk", self.target_sdk)):
            if value:
                self.ok(value in android, f"docs/android.md does not mention the pinned {what} version {value}")
        if self.deployment_target:
            self.ok(self.deployment_target in ios, f"docs/ios.md does not mention the deployment target iOS {self.deployment_target}")
        self.ok(self.app_id in android and self.app_id in ios, f"docs/android.md and docs/ios.md must name the app id {self.app_id}")

    def workflows(self):
        """The release workflow builds with the versions the projects pin, and CI runs the
        README's test command."""
        release = self.read(".github", "workflows", "release.yml")
        ci = self.read(".github", "workflows", "ci.yml")
        if ci is not None:
            self.ok("run: ./test.sh" in ci, ".github/workflows/ci.yml does not run ./test.sh")
        if release is None:
            return
        def env(name):
            m = re.search(rf'^  {name}: "([^"]*)"', release, re.M)
            return m.group(1) if m else None
        for name, value, source in (
            ("NDK_VERSION", self.ndk, "android/app/build.gradle.kts ndkVersion"),
            ("GRADLE_VERSION", self.gradle, "the Gradle version in docs/android.md and the wrapper properties"),
        ):
            if value:
                self.ok(env(name) == value, f".github/workflows/release.yml: {name} {env(name)} vs {source} {value}")
        java = re.search(r"JavaVersion\.VERSION_(\d+)", self.read("android", "app", "build.gradle.kts") or "")
        if java:
            self.ok(env("JAVA_VERSION") == java.group(1), f".github/workflows/release.yml: JAVA_VERSION {env('JAVA_VERSION')} vs the app's Java {java.group(1)}")
        docs = self.read("docs", "android.md") or ""
        pinned = re.search(r"cargo install cargo-ndk --version (\S+)", docs)
        if pinned:
            self.ok(env("CARGO_NDK_VERSION") == pinned.group(1), f".github/workflows/release.yml: CARGO_NDK_VERSION {env('CARGO_NDK_VERSION')} vs docs/android.md's cargo-ndk {pinned.group(1)}")
        if self.compile_sdk:
            self.ok(f"platforms;android-{self.compile_sdk}" in release, f".github/workflows/release.yml: does not install the SDK platform android-{self.compile_sdk}")
        for target in ("aarch64-linux-android", "aarch64-apple-ios", "aarch64-apple-ios-sim", "x86_64-apple-ios", "wasm32-unknown-unknown"):
            self.ok(target in release, f".github/workflows/release.yml: does not add the Rust target {target}")

    def report(self):
        if self.failures:
            print(f"check-mobile: {len(self.failures)} problem(s) in the mobile projects ({self.root}):", file=sys.stderr)
            for f in self.failures:
                print(f"  - {f}", file=sys.stderr)
            if any("vs Cargo.toml version" in f or "vs versionCode" in f for f in self.failures):
                print(
                    f"  After changing Cargo.toml's version, set MARKETING_VERSION = {self.version} and "
                    f"CURRENT_PROJECT_VERSION = {self.version_code} in ios/Sternhalma.xcodeproj/project.pbxproj "
                    "(both configurations) and ios/project.yml; Android reads Cargo.toml itself.",
                    file=sys.stderr,
                )
            return 1
        print(f"check-mobile: OK, Android and iOS projects agree with the crate ({self.passed} checks)")
        return 0


def run(root):
    c = Checker(root)
    c.crate()
    for part in (c.android, c.ios, c.shell_scripts, c.docs, c.workflows):
        try:
            part()
        except Exception as e:  # a file so far off that a check could not even look: report it
            c.ok(False, f"{part.__name__}: files not in the expected shape ({type(e).__name__}: {e})")
    return c.report()


# -- minimal parsers (no third-party modules) --------------------------------------------------


def parse_pbxproj(text):
    """Parses Xcode's old-style (NeXTSTEP) property list: dicts, arrays and strings."""
    tokens = []
    i, n = 0, len(text)
    if text.startswith("// !$*UTF8*$!"):
        i = text.index("\n")
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise ValueError("unterminated comment")
            i = j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif c in "{}()=;,":
            tokens.append(c)
            i += 1
        elif c == '"':
            j, out = i + 1, []
            while j < n and text[j] != '"':
                if text[j] == "\\":
                    j += 1
                    out.append({"n": "\n", "t": "\t"}.get(text[j], text[j]))
                else:
                    out.append(text[j])
                j += 1
            if j >= n:
                raise ValueError("unterminated string")
            tokens.append(("s", "".join(out)))
            i = j + 1
        else:
            m = re.compile(r"[A-Za-z0-9_$/:.\-+<>@]+").match(text, i)
            if not m:
                raise ValueError(f"unexpected character {c!r} at offset {i}")
            tokens.append(("s", m.group(0)))
            i = m.end()
    pos = 0

    def value():
        nonlocal pos
        if pos >= len(tokens):
            raise ValueError("unexpected end")
        t = tokens[pos]
        pos += 1
        if t == "{":
            d = {}
            while tokens[pos] != "}":
                k = tokens[pos]
                if not isinstance(k, tuple):
                    raise ValueError(f"expected a key, found {k!r}")
                pos += 1
                if tokens[pos] != "=":
                    raise ValueError(f"expected = after {k[1]!r}")
                pos += 1
                d[k[1]] = value()
                if tokens[pos] != ";":
                    raise ValueError(f"expected ; after the value of {k[1]!r}")
                pos += 1
            pos += 1
            return d
        if t == "(":
            items = []
            while tokens[pos] != ")":
                items.append(value())
                if tokens[pos] == ",":
                    pos += 1
                elif tokens[pos] != ")":
                    raise ValueError("expected , or ) in a list")
            pos += 1
            return items
        if isinstance(t, tuple):
            return t[1]
        raise ValueError(f"unexpected {t!r}")

    result = value()
    if pos != len(tokens):
        raise ValueError("text after the root dictionary")
    if not isinstance(result, dict):
        raise ValueError("root is not a dictionary")
    return result


ID = re.compile(r"[0-9A-F]{24}")
# The iOS build phase that puts the repository's assets/ into Sternhalma.app/assets.
ASSETS_COPY = '"$SRCROOT/../assets/" "$TARGET_BUILD_DIR/$UNLOCALIZED_RESOURCES_FOLDER_PATH/assets/"'


def ids_in(v):
    if isinstance(v, dict):
        for k, x in v.items():
            if k in ("remoteGlobalIDString",):
                continue
            yield from ids_in(x)
    elif isinstance(v, list):
        for x in v:
            yield from ids_in(x)
    elif isinstance(v, str) and ID.fullmatch(v):
        yield v


def file_paths(objects, root_id):
    """Paths (relative to the project directory) of the `<group>`-relative file references."""
    out = []

    def walk(gid, base):
        g = objects.get(gid, {})
        for child in g.get("children", []):
            o = objects.get(child, {})
            if o.get("sourceTree") != "<group>":
                continue
            p = os.path.join(base, o.get("path", "")) if o.get("path") else base
            if o.get("isa") == "PBXGroup":
                walk(child, p)
            elif o.get("isa") == "PBXFileReference":
                out.append(p)

    walk(objects[root_id]["mainGroup"], "")
    return out


def parse_yaml(text):
    """The YAML subset project.yml uses: block mappings and sequences, plain or quoted scalars
    (kept as strings), `{}` and `[]`, `|` block scalars and comments."""
    lines = []
    for raw in text.splitlines():
        stripped = raw.split(" #")[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if raw.strip().startswith("#") or not raw.strip():
            lines.append((None, raw))
        else:
            lines.append((len(raw) - len(raw.lstrip(" ")), stripped))
    pos = 0

    def scalar(s):
        s = s.strip()
        if s == "{}":
            return {}
        if s == "[]":
            return []
        if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'":
            return s[1:-1]
        return s

    def skip():
        nonlocal pos
        while pos < len(lines) and lines[pos][0] is None:
            pos += 1

    def block_scalar(indent):
        nonlocal pos
        out = []
        while pos < len(lines):
            ind, raw = lines[pos][0], lines[pos][1]
            if ind is not None and ind <= indent:
                break
            out.append(raw.strip() if ind is not None else "")
            pos += 1
        return "\n".join(out).strip() + "\n"

    def node(indent):
        skip()
        if pos >= len(lines):
            return None
        ind, line = lines[pos]
        if ind < indent:
            return None
        if line.lstrip().startswith("- ") or line.strip() == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(indent):
        nonlocal pos
        d = {}
        while True:
            skip()
            if pos >= len(lines):
                return d
            ind, line = lines[pos]
            if ind < indent:
                return d
            if ind > indent:
                raise ValueError(f"unexpected indentation: {line.strip()!r}")
            m = re.fullmatch(r"\s*([^:]+?):(?:\s+(.*))?", line)
            if not m:
                raise ValueError(f"expected key: value, found {line.strip()!r}")
            key, rest = m.group(1).strip(), (m.group(2) or "").strip()
            pos += 1
            if rest == "|":
                d[key] = block_scalar(ind)
            elif rest:
                d[key] = scalar(rest)
            else:
                skip()
                child = node(ind + 1) if pos < len(lines) and lines[pos][0] > ind else None
                if child is None and pos < len(lines) and lines[pos][0] == ind and lines[pos][1].lstrip().startswith("- "):
                    child = seq(ind)
                d[key] = child
        return d

    def seq(indent):
        nonlocal pos
        items = []
        while True:
            skip()
            if pos >= len(lines):
                return items
            ind, line = lines[pos]
            if ind != indent or not line.lstrip().startswith("-"):
                return items
            rest = line.lstrip()[1:].strip()
            m = re.fullmatch(r"([^:\s][^:]*?):(?:\s+(.*))?", rest)
            if m and not rest.startswith(("$(", "-")):
                # A mapping that starts on the dash line: re-read it at the item's indentation.
                lines[pos] = (ind + 2, " " * (ind + 2) + rest)
                items.append(mapping(ind + 2))
            else:
                pos += 1
                items.append(scalar(rest))
        return items

    result = node(0)
    skip()
    if pos != len(lines):
        raise ValueError(f"could not read line {pos + 1}: {lines[pos][1].strip()!r}")
    return result or {}


# -- self-test ---------------------------------------------------------------------------------

COPIED = ["Cargo.toml", "Cargo.lock", "docs/android.md", "docs/ios.md", ".github", "src/lib.rs", "android", "ios", "scripts/check-mobile.py"]


def self_test(root):
    """Runs the check on a clean copy (must pass), then on copies each broken in one way (each
    must fail, naming the problem)."""

    def edit(rel, old, new):
        def apply(d):
            p = os.path.join(d, rel)
            with open(p, encoding="utf-8") as f:
                text = f.read()
            if old not in text:
                raise AssertionError(f"self-test is stale: {old!r} not in {rel}")
            with open(p, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, 1))

        return apply

    def remove(rel):
        return lambda d: os.remove(os.path.join(d, rel))

    def copy_over(src_rel, dst_rel):
        return lambda d: shutil.copyfile(os.path.join(d, src_rel), os.path.join(d, dst_rel))

    res = "android/app/src/main/res"
    cases = [
        ("Cargo version bumped alone", edit("Cargo.toml", 'version = "', 'version = "9'), "MARKETING_VERSION vs Cargo.toml version"),
        ("lib name in the manifest", edit("android/app/src/main/AndroidManifest.xml", 'android:value="sternhalma"', 'android:value="sternhalma_app"'), "android.app.lib_name vs Cargo lib name"),
        ("lib name in System.loadLibrary", edit("android/app/src/main/java/org/sternhalma/app/MainActivity.java", 'loadLibrary("sternhalma")', 'loadLibrary("game")'), "System.loadLibrary vs Cargo lib name"),
        ("lib linked by Xcode", edit("ios/Sternhalma.xcodeproj/project.pbxproj", '"-lsternhalma",', '"-lgame",'), "OTHER_LDFLAGS does not link -lsternhalma"),
        ("gradle builds without GameActivity", edit("android/app/build.gradle.kts", '"--features", "game-activity"', '"--features", "native-activity"'), "must build with --features game-activity"),
        ("game-activity feature emptied", edit("Cargo.toml", 'game-activity = ["bevy/android-game-activity"]', "game-activity = []"), "game-activity feature must enable"),
        ("applicationId", edit("android/app/build.gradle.kts", 'applicationId = "org.sternhalma.app"', 'applicationId = "org.example.game"'), "namespace vs applicationId"),
        ("bundle id in Info.plist", edit("ios/Sternhalma/Info.plist", "$(PRODUCT_BUNDLE_IDENTIFIER)", "org.example.game"), "CFBundleIdentifier vs Android applicationId"),
        ("build number in project.yml", edit("ios/project.yml", 'CURRENT_PROJECT_VERSION: "', 'CURRENT_PROJECT_VERSION: "7'), "ios/project.yml CURRENT_PROJECT_VERSION vs pbxproj"),
        ("versionCode formula", edit("android/app/build.gradle.kts", "parts[0] * 10000", "parts[0] * 1000"), "versionCodeOf no longer computes"),
        ("broken manifest XML", edit("android/app/src/main/AndroidManifest.xml", "</manifest>", "</manifes>"), "XML does not parse"),
        ("broken Info.plist", edit("ios/Sternhalma/Info.plist", "</dict>", "</dic>"), "Info.plist: does not parse"),
        ("broken pbxproj", edit("ios/Sternhalma.xcodeproj/project.pbxproj", "rootObject = ", "rootObject "), "project.pbxproj: does not parse"),
        ("dangling pbxproj reference", edit("ios/Sternhalma.xcodeproj/project.pbxproj", "fileRef = 5E7E00000000000000000201", "fileRef = 5E7E00000000000000000999"), "refers to missing object"),
        ("shell syntax error", edit("ios/build_rust_deps.sh", "done\n", "done done\nfi\n"), "bash -n fails"),
        ("icon missing", remove(f"{res}/mipmap-xhdpi/ic_launcher_foreground.png"), "mipmap-xhdpi/ic_launcher_foreground.png: icon missing"),
        ("icon of the wrong size", copy_over(f"{res}/mipmap-mdpi/ic_launcher.png", f"{res}/mipmap-xxhdpi/ic_launcher.png"), "48x48 pixels, expected 144x144"),
        ("iOS icon of the wrong size", copy_over("android/app/src/main/ic_launcher-playstore.png", "ios/Sternhalma/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png"), "expected 1024x1024"),
        ("games-activity version", edit("android/gradle/libs.versions.toml", 'gamesActivity = "4.4.0"', 'gamesActivity = "2.0.2"'), "gamesActivity (android-activity"),
        ("iOS assets copy dropped", edit("ios/Sternhalma.xcodeproj/project.pbxproj", "\t\t\t\t5E7E00000000000000000504 /* Copy game assets */,\n", ""), "no build phase copies the game's assets"),
        ("iOS assets copy differs in project.yml", edit("ios/project.yml", "--exclude /screenshots", "--exclude screenshots"), "assets copy script vs pbxproj"),
        ("Android assets dropped", edit("android/app/build.gradle.kts", "variant.sources.assets?.addGeneratedSourceDirectory(gameAssets, GameAssets::outputDir)", ""), "no longer go into the APK"),
        ("release workflow's NDK", edit(".github/workflows/release.yml", 'NDK_VERSION: "27.2.12479018"', 'NDK_VERSION: "26.3.11579264"'), "NDK_VERSION 26.3.11579264 vs"),
        ("release workflow's cargo-ndk", edit(".github/workflows/release.yml", 'CARGO_NDK_VERSION: "4.1.2"', 'CARGO_NDK_VERSION: "3.5.4"'), "CARGO_NDK_VERSION 3.5.4 vs"),
        ("CI without the test command", edit(".github/workflows/ci.yml", "run: ./test.sh", "run: cargo test"), "does not run ./test.sh"),
        ("docs/android.md's NDK version", edit("android/app/build.gradle.kts", 'ndkVersion = "27.2.12479018"', 'ndkVersion = "28.0.13004108"'), "does not mention the pinned NDK version"),
    ]
    with tempfile.TemporaryDirectory(prefix="check-mobile-") as tmp:
        def fresh():
            d = tempfile.mkdtemp(dir=tmp)
            for rel in COPIED:
                src, dst = os.path.join(root, rel), os.path.join(d, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if os.path.isdir(src):
                    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("build", ".gradle", "xcuserdata"))
                else:
                    shutil.copy2(src, dst)
            os.makedirs(os.path.join(d, "assets"))  # its contents are not checked
            return d

        def check(d):
            return subprocess.run([sys.executable, os.path.join(d, "scripts", "check-mobile.py"), "--root", d], capture_output=True, text=True)

        bad = []
        r = check(fresh())
        if r.returncode != 0:
            bad.append(f"the unchanged copy fails:\n{r.stderr}")
        for name, breaking, expected in cases:
            d = fresh()
            breaking(d)
            r = check(d)
            if r.returncode == 0:
                bad.append(f"{name}: not caught (exit 0)")
            elif expected not in r.stderr:
                bad.append(f"{name}: failed, but without {expected!r}:\n{r.stderr}")
        if bad:
            print("check-mobile self-test FAILED:", file=sys.stderr)
            for b in bad:
                print(f"  - {b}", file=sys.stderr)
            return 1
        print(f"check-mobile self-test: OK (a clean copy passes, {len(cases)} kinds of drift are caught)")
        return 0


def main(argv):
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if "--root" in argv:
        root = os.path.abspath(argv[argv.index("--root") + 1])
    if "--self-test" in argv:
        return self_test(root)
    return run(root)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
