#!/usr/bin/env python3
"""Android files for the benchmark workload: an app whose manifest takes every https path
of example.com, and an assetlinks.json whose dynamic rules are the components of an AASA
rule file, in order (Android 15's rules share the grammar: "/", "?" as a dictionary, "#",
"exclude"). Substitution variables become "*", keys Android does not read are dropped.

usage: android-bench-files.py RULES.json OUTDIR
writes OUTDIR/AndroidManifest.xml and OUTDIR/assetlinks.json
"""
import json
import re
import sys
from pathlib import Path

MANIFEST = """<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
    <uses-sdk android:minSdkVersion="26" android:targetSdkVersion="35" />
    <application>
        <activity android:name=".LinkActivity" android:exported="true">
            <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="example.com" />
                <data android:pathPrefix="/" />
            </intent-filter>
        </activity>
    </application>
</manifest>
"""


def plain(pattern):
    return re.sub(r"\$\([^)]*\)", "*", pattern)


def dynamic_rule(component):
    rule = {}
    if "/" in component:
        rule["/"] = plain(component["/"])
    query = component.get("?")
    if isinstance(query, dict):
        rule["?"] = {name: plain(value) for name, value in query.items()}
    if "#" in component:
        rule["#"] = plain(component["#"])
    if component.get("exclude"):
        rule["exclude"] = True
    return rule


def main():
    rules_path, out = Path(sys.argv[1]), Path(sys.argv[2])
    document = json.loads(rules_path.read_text())
    rules = []
    for entry in document["applinks"]["details"]:
        for component in entry.get("components", []):
            rule = dynamic_rule(component)
            if rule:
                rules.append(rule)
    statement = {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {
            "namespace": "android_app",
            "package_name": "com.example.shop",
            "sha256_cert_fingerprints": [":".join(["AB"] * 32)],
        },
        "relation_extensions": {
            "delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": rules}
        },
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "AndroidManifest.xml").write_text(MANIFEST)
    (out / "assetlinks.json").write_text(json.dumps([statement], indent=1) + "\n")
    print(f"{out}: {len(rules)} dynamic rules from {rules_path}")


if __name__ == "__main__":
    main()
