# Sourced by scripts/test: install from Debian what the test suite needs beyond Python.
#
# Chromium and a Chinese font (the browser tests see the page as a person does; without
# the font every glyph is an empty box while DOM assertions still pass), libatomic1 (the
# Node.js that Playwright's Python package runs needs it, and a minimal Debian lacks it),
# and PostgreSQL (the store tests start their own throwaway server on it). Never
# `playwright install`: its download host is unreachable here and Debian's Chromium is
# what the tests drive.
# Installs as root, or through sudo; says what to run when neither is possible.
# Then the Nu HTML Checker (npm's vnu-jar, a Java program) into .tools/vnu, git-ignored.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -n "$(fc-list :lang=zh 2>/dev/null)" ] || missing+=(fonts-noto-cjk)
/sbin/ldconfig -p 2>/dev/null | grep -q 'libatomic\.so\.1' || missing+=(libatomic1)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)  # runs the HTML checker
command -v npm >/dev/null 2>&1 || missing+=(npm)  # fetches it
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        as_root=()
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root=(sudo -n)
    else
        echo "test: the test suite needs Debian's ${missing[*]}, and installing them needs" >&2
        echo "      root: run 'sudo apt-get install -y ${missing[*]}' (or run this as root)," >&2
        echo "      then ./scripts/test again." >&2
        exit 1
    fi
    echo "test: installing ${missing[*]} from Debian (once; about a minute)" >&2
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The Nu HTML Checker for tests/web/test_html_valid.py, once: the jar itself is in the npm
# package (its install script, which would fetch a Java runtime, is not run: Debian's is used).
if [ ! -f .tools/vnu/node_modules/vnu-jar/build/dist/vnu.jar ]; then
    echo "test: installing the Nu HTML Checker (npm vnu-jar@26) into .tools/vnu (once)" >&2
    mkdir -p .tools/vnu
    npm install --prefix .tools/vnu --no-save --no-audit --no-fund --ignore-scripts \
        --loglevel=error vnu-jar@26 >/dev/null
fi
