"""A static file server for Compute Lab on 127.0.0.1.

It serves the built site, except that /content/ comes from the source content
folder, so an instructor's edit to a module shows on the next reload. It can
also mount extra copies of the site under sub-paths, as a host would.
"""

import argparse
import functools
import http.server
import os
import posixpath
import urllib.parse


class Handler(http.server.SimpleHTTPRequestHandler):
    mounts: list[tuple[str, str]] = []

    def translate_path(self, path):
        path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        path = posixpath.normpath(path)
        # Longest prefix first, so /sub/path/content/ beats /sub/path/.
        for prefix, folder in sorted(self.mounts, key=lambda m: -len(m[0])):
            if path == prefix.rstrip("/") or path.startswith(prefix):
                rest = path[len(prefix):].lstrip("/")
                parts = [p for p in rest.split("/") if p not in ("", ".", "..")]
                return os.path.join(folder, *parts)
        return os.path.join(self.mounts[-1][1], "__missing__")

    def copyfile(self, source, outputfile):
        # A browser that navigates away mid-download closes the socket; that is normal.
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def end_headers(self):
        # Always fetch fresh content, so a reload shows an edit immediately.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if os.environ.get("SERVE_QUIET") != "1":
            super().log_message(format, *args)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--site", required=True, help="the built site (dist/)")
    parser.add_argument("--content", help="serve /content/ from this folder instead of the site's copy")
    parser.add_argument("--mount", action="append", default=[], help="PREFIX=FOLDER, e.g. /sub/path/=dist")
    args = parser.parse_args()
    mounts = [("/", os.path.abspath(args.site))]
    if args.content:
        mounts.append(("/content/", os.path.abspath(args.content)))
    for mount in args.mount:
        prefix, folder = mount.split("=", 1)
        mounts.append((prefix if prefix.endswith("/") else prefix + "/", os.path.abspath(folder)))
    Handler.mounts = mounts
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), functools.partial(Handler))
    server.serve_forever()


if __name__ == "__main__":
    main()
