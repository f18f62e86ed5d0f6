/* circle36.c: Circle 36 as a scored game: reading a sheet into a c36_sheet
 * (a direct parser for the usual one-line-per-key shape, libfyaml for
 * everything else), the reports, the completed sheet and the registry entry. */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include "scene/fill.h"
#include "scoring/fill_sheet.h"
#include "scoring/load.h"
#include "scoring/report.h"
#include "scoring/scoring.h"

#define KEYS_MAX (C36_MAX_RINGS + 8)

/* The keys a sheet may have for variant v. */
static void sheet_keys(const c36_variant *v, const char **keys)
{
    int n = 0;
    keys[n++] = "game";
    keys[n++] = "player";
    keys[n++] = "date";
    for (int r = 0; r < v->rings; r++)
        keys[n++] = c36_ring_name(r);
    keys[n++] = "yellow";
    keys[n++] = "combos";
    keys[n++] = "rounds";
    keys[n] = NULL;
}

/* A space's value: 0 to the sum of two dice, or ~ for an empty space. */
static int cell_value(const sheet_ctx *cx, const c36_variant *v, struct fy_node *n,
                      const char *what, int *out, pn_err *err)
{
    if (n && pn_yml_is_null(n)) {
        *out = C36_EMPTY;
        return 0;
    }
    long value;
    if (pn_yml_int_named(cx->y, n, 0, c36_max_value(v), what, &value, err)) return -1;
    *out = (int)value;
    return 0;
}

/* Where cell c was written: its list item, or the yellow value. */
static struct fy_node *cell_node(struct fy_node *root, const c36_variant *v, int c)
{
    if (c == c36_centre(v)) return pn_yml_get(root, "yellow");
    struct fy_node *list = pn_yml_get(root, c36_ring_name(c / v->sectors));
    return list ? fy_node_sequence_get_by_index(list, c % v->sectors) : NULL;
}

static int parse_cell_name(const c36_variant *v, const char *s, int *out)
{
    if (!s || !*s) return -1;
    if (!g_ascii_strcasecmp(s, "Y")) {
        *out = c36_centre(v);
        return 0;
    }
    char p = g_ascii_toupper(s[0]);
    for (int r = 0; r < v->rings; r++) {
        if (p != c36_ring_prefix(r)) continue;
        int k = 0, n = 0;
        for (const char *q = s + 1; *q; q++, n++) {
            if (*q < '0' || *q > '9' || n >= 4) return -1;
            k = k * 10 + (*q - '0');
        }
        if (n == 0 || k < 1 || k > v->sectors) return -1;
        *out = c36_cell(v, r, k - 1);
        return 0;
    }
    return -1;
}

static int load_round(const sheet_ctx *cx, struct fy_node *n, int k, c36_sheet *s, pn_err *err)
{
    static const char *const keys[] = {"dice", "cell", "use", NULL};
    char what[48];
    if (!n || fy_node_get_type(n) != FYNT_MAPPING)
        return pn_yml_err(err, cx->y, n, "round %d: expected {dice: [a, b], cell: NAME}", k + 1);
    if (pn_yml_check_keys(cx->y, n, keys, err)) return -1;
    c36_round *r = &s->rounds[k];
    struct fy_node *dn = pn_yml_get(n, "dice"), *cn = pn_yml_get(n, "cell"),
                   *un = pn_yml_get(n, "use");
    if (!dn) return pn_yml_err(err, cx->y, n, "round %d: dice are missing", k + 1);
    if (!cn) return pn_yml_err(err, cx->y, n, "round %d: cell is missing", k + 1);
    snprintf(what, sizeof what, "round %d: dice", k + 1);
    if (pn_yml_list(cx->y, dn, 2, 2, what, err) < 0) return -1;
    for (int i = 0; i < 2; i++) {
        long d;
        if (pn_yml_int_named(cx->y, fy_node_sequence_get_by_index(dn, i), 1, s->v.dice, what, &d,
                             err))
            return -1;
        r->dice[i] = (int)d;
    }
    const char *cs = pn_yml_scalar(cn);
    if (parse_cell_name(&s->v, cs, &r->cell)) {
        char last[8];
        c36_cell_name(&s->v, c36_centre(&s->v) - 1, last);
        return pn_yml_err(err, cx->y, cn, "round %d: '%s' is not a space (R1 .. %s, or Y)", k + 1,
                          cs ? cs : "", last);
    }
    r->use = C36_USE_AUTO;
    if (un && !pn_yml_is_null(un)) {
        const char *us = pn_yml_scalar(un);
        if (us && !strcmp(us, "die"))
            r->use = C36_USE_DIE;
        else if (us && !strcmp(us, "sum"))
            r->use = C36_USE_SUM;
        else if (us && (!strcmp(us, "diff") || !strcmp(us, "difference")))
            r->use = C36_USE_DIFF;
        else
            return pn_yml_err(err, cx->y, un, "round %d: use is die, sum or diff", k + 1);
    }
    return 0;
}

static int load_tree(const sheet_ctx *cx, const c36_variant *v, c36_input *out, pn_err *err)
{
    const char *keys[KEYS_MAX];
    sheet_keys(v, keys);
    struct fy_node *top = pn_yml_root(cx->y);
    for (int r = v->rings; r < C36_MAX_RINGS && top && fy_node_get_type(top) == FYNT_MAPPING; r++) {
        struct fy_node *extra = pn_yml_get(top, c36_ring_name(r));
        if (extra) {
            void *it = NULL;
            for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(top, &it));)
                if (fy_node_pair_value(p) == extra) extra = fy_node_pair_key(p);
            return pn_yml_err(err, cx->y, extra,
                              "%s: this board has %d ring%s (a variant with more rings is scored "
                              "with its own template or the setting rings=N)",
                              c36_ring_name(r), v->rings, v->rings == 1 ? "" : "s");
        }
    }
    struct fy_node *root = sheet_root(cx, keys, err);
    if (!root || sheet_game(cx, root, "circle36", err)) return -1;
    c36_sheet *s = &out->sheet;
    struct fy_node *pn = pn_yml_get(root, "player"), *dn = pn_yml_get(root, "date");
    if (pn && !pn_yml_is_null(pn)) {
        if (pn_yml_text(cx->y, pn, "player", out->player, SHEET_MAX_NAME + 1, err)) return -1;
        out->has_player = true;
    }
    if (dn && !pn_yml_is_null(dn) &&
        pn_yml_text(cx->y, dn, "date", out->date, SHEET_MAX_NAME + 1, err))
        return -1;
    char what[48];
    for (int r = 0; r < v->rings; r++) {
        const char *name = c36_ring_name(r);
        struct fy_node *list = pn_yml_get(root, name);
        if (!list)
            return pn_yml_err(err, cx->y, root,
                              "%s is missing: a list of %d numbers, sectors 1 to %d", name,
                              v->sectors, v->sectors);
        if (fy_node_get_type(list) != FYNT_SEQUENCE)
            return pn_yml_err(err, cx->y, list, "%s: expected a list of %d numbers", name,
                              v->sectors);
        int count = fy_node_sequence_item_count(list);
        if (count != v->sectors)
            return pn_yml_err(err, cx->y, list, "%s has %d number%s; a ring has %d spaces", name,
                              count, count == 1 ? "" : "s", v->sectors);
        for (int k = 0; k < v->sectors; k++) {
            snprintf(what, sizeof what, "%s, sector %d", name, k + 1);
            if (cell_value(cx, v, fy_node_sequence_get_by_index(list, k), what,
                           &s->cells[c36_cell(v, r, k)], err))
                return -1;
        }
    }
    struct fy_node *yn = pn_yml_get(root, "yellow");
    if (!yn) return pn_yml_err(err, cx->y, root, "yellow is missing: the number in the centre");
    if (cell_value(cx, v, yn, "yellow", &s->cells[c36_centre(v)], err)) return -1;
    int cells = c36_cells(v);
    struct fy_node *rn = pn_yml_get(root, "rounds"), *cn = pn_yml_get(root, "combos");
    bool played = rn && !pn_yml_is_null(rn); /* rounds given, perhaps none yet ([]) */
    if (played) {
        int n = pn_yml_list(cx->y, rn, 0, cells, "rounds", err); /* [] as ~: none yet */
        if (n < 0) return -1;
        s->nrounds = n;
        for (int k = 0; k < n; k++)
            if (load_round(cx, fy_node_sequence_get_by_index(rn, k), k, s, err)) return -1;
    }
    if (cn && !pn_yml_is_null(cn)) {
        long c;
        if (pn_yml_int_named(cx->y, cn, 0, cells, "combos", &c, err)) return -1;
        s->combos = (int)c;
    } else if (!played) {
        return pn_yml_err(err, cx->y, root,
                          "combos is missing: the number of ComboCircles (or give the rounds)");
    }
    if (played) {
        char why[256];
        int bad_round, bad_cell;
        if (c36_check_rounds(s, why, sizeof why, &bad_round, &bad_cell)) {
            struct fy_node *at = bad_round >= 0    ? fy_node_sequence_get_by_index(rn, bad_round)
                                 : bad_round == -2 ? cn
                                                   : cell_node(root, v, bad_cell);
            return pn_yml_err(err, cx->y, at, "%s", why);
        }
        if (!s->nrounds) s->combos = 0; /* no round played: an empty board */
    } else {
        int forced = c36_forced_combos(s);
        if (s->combos < forced)
            return pn_yml_err(err, cx->y, cn,
                              "combos is %d, but %d space%s hold%s 0 or more than %d, which only "
                              "a difference or a sum of the dice makes: at least %d ComboCircle%s",
                              s->combos, forced, forced == 1 ? "" : "s", forced == 1 ? "s" : "",
                              v->dice, forced, forced == 1 ? "" : "s");
        int written = c36_written_cells(s);
        if (s->combos > written)
            return pn_yml_err(err, cx->y, cn,
                              "combos is %d, but %d space%s written: each ComboCircle goes with "
                              "the number it made, so there are at most %d",
                              s->combos, written, written == 1 ? " is" : "s are", written);
    }
    return 0;
}

static void clear(const c36_variant *v, c36_input *out)
{
    out->sheet.v = *v;
    out->sheet.combos = -1;
    out->sheet.nrounds = 0;
    out->player[0] = out->date[0] = '\0';
    out->has_player = false;
}

int c36_load_slow(const yml_doc *d, const c36_variant *v, c36_input *out, pn_err *err)
{
    clear(v, out);
    sheet_ctx cx = {.d = d};
    cx.y = yml_doc_parse(d, "sheet", err);
    if (!cx.y) return -1;
    cx.y->at_brackets = true;
    int rc = load_tree(&cx, v, out, err);
    pn_yml_free(cx.y);
    return rc;
}

/* ---- the direct parser ---- */

/* True when the text holds a character the direct parser leaves to libfyaml.
 * First those YAML does not allow anywhere, not even in a comment (C0 and C1
 * controls but line feed and NEL, DEL, U+FFFE and U+FFFF): libfyaml's path
 * refuses them with their place. Tabs and
 * carriage returns count too: the direct parser leaves them to libfyaml. So
 * do NEL, U+2028 and U+2029, which libfyaml takes for line breaks (as YAML
 * 1.1 does) where the direct parser sees one line: inside a comment they
 * would end it. */
static bool unprintable(const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    for (; p < end; p++) {
        if ((*p < 0x20 && *p != '\n') || *p == 0x7f) return true;
        if (*p == 0xc2 && p + 1 < end && p[1] >= 0x80 && p[1] <= 0x9f) return true;
        if (*p == 0xe2 && p + 2 < end && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9))
            return true;
        if (*p == 0xef && p + 2 < end && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf))
            return true;
    }
    return false;
}

/* Skips spaces; returns the position. */
static const char *spaces(const char *p, const char *end)
{
    while (p < end && *p == ' ')
        p++;
    return p;
}

/* The rest of a line after a value: spaces, then nothing or " #comment". */
static bool line_tail(const char *p, const char *end)
{
    const char *q = spaces(p, end);
    return q == end || (*q == '#' && q > p);
}

/* A plain number 0..99 or "~" (empty); -2 when it is neither. */
static int small_value(const char **pp, const char *end)
{
    const char *p = *pp;
    if (p < end && *p == '~') {
        *pp = p + 1;
        return C36_EMPTY;
    }
    int v = 0, n = 0;
    while (p < end && *p >= '0' && *p <= '9' && n < 3) {
        v = v * 10 + (*p - '0');
        p++;
        n++;
    }
    if (n == 0 || n > 2) return -2;
    *pp = p;
    return v;
}

/* A word-like text: letters, digits, '.', '_', '-' and single inner spaces. */
static bool plain_text(const char *p, const char *end, char *buf)
{
    /* The value ends at the end of the line or at " #". */
    const char *stop = end;
    for (const char *s = p; s + 1 < end; s++)
        if (s[0] == ' ' && s[1] == '#') {
            stop = s;
            break;
        }
    while (stop > p && stop[-1] == ' ')
        stop--;
    size_t len = (size_t)(stop - p);
    if (len == 0 || len > SHEET_MAX_NAME || !g_ascii_isalnum(p[0])) return false;
    for (const char *s = p; s < stop; s++) {
        if (g_ascii_isalnum(*s) || *s == '.' || *s == '_' || *s == '-') continue;
        if (*s == ' ' && s[1] != ' ') continue;
        return false;
    }
    memcpy(buf, p, len);
    buf[len] = '\0';
    return strcmp(buf, "null") && strcmp(buf, "Null") && strcmp(buf, "NULL");
}

/* One round written as a flow mapping on its line: "{dice: [a, b], cell: NAME}"
 * with an optional "use: die|sum|diff", keys in any order. p points at '{'. */
static bool fast_round(const char *p, const char *le, const c36_variant *v, c36_round *r)
{
    bool dice = false, cell = false, use = false;
    r->use = C36_USE_AUTO;
    p++;
    for (;;) {
        p = spaces(p, le);
        const char *k = p;
        while (p < le && *p >= 'a' && *p <= 'z')
            p++;
        size_t klen = (size_t)(p - k);
        if (p >= le || *p != ':' || p + 1 >= le || p[1] != ' ') return false;
        p = spaces(p + 1, le);
        if (klen == 4 && !memcmp(k, "dice", 4) && !dice) {
            if (p >= le || *p != '[') return false;
            for (int i = 0; i < 2; i++) {
                p = spaces(p + 1, le);
                int d = 0, digits = 0;
                while (p < le && *p >= '0' && *p <= '9' && digits < 3) {
                    d = d * 10 + (*p++ - '0');
                    digits++;
                }
                if (digits == 0 || digits > 2 || d < 1 || d > v->dice) return false;
                r->dice[i] = d;
                p = spaces(p, le);
                if (p >= le || *p != (i ? ']' : ',')) return false;
            }
            p++;
            dice = true;
        } else if ((klen == 4 && !memcmp(k, "cell", 4) && !cell) ||
                   (klen == 3 && !memcmp(k, "use", 3) && !use)) {
            char word[8];
            size_t n = 0;
            while (p < le && g_ascii_isalnum(*p) && n < sizeof word - 1)
                word[n++] = *p++;
            word[n] = '\0';
            if (n == 0 || (p < le && g_ascii_isalnum(*p))) return false;
            if (klen == 4) {
                if (parse_cell_name(v, word, &r->cell)) return false;
                cell = true;
            } else {
                r->use = !strcmp(word, "die")    ? C36_USE_DIE
                         : !strcmp(word, "sum")  ? C36_USE_SUM
                         : !strcmp(word, "diff") ? C36_USE_DIFF
                                                 : C36_USE_AUTO;
                if (r->use == C36_USE_AUTO) return false;
                use = true;
            }
        } else {
            return false;
        }
        p = spaces(p, le);
        if (p < le && *p == ',') {
            p++;
            continue;
        }
        if (p < le && *p == '}') break;
        return false;
    }
    return dice && cell && line_tail(p + 1, le);
}

int c36_load_fast(const yml_doc *d, const c36_variant *v, c36_input *out)
{
    clear(v, out);
    c36_sheet *s = &out->sheet;
    unsigned seen = 0; /* bit per key */
    int nring = v->rings, cells = c36_cells(v);
    int round_indent = -1; /* inside "rounds:": the items' indentation once seen */
    bool in_rounds = false;
    const char *p = d->text, *end = d->text + d->len;
    if (unprintable(p, d->len)) return 0;
    /* NUL bytes and text that is not UTF-8 are refused by libfyaml's path,
     * with their place: leave them to it. */
    if (!g_utf8_validate_len(p, d->len, NULL)) return 0;
    bool first = true;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end, *next = nl ? nl + 1 : end;
        if (le - p > 1000) return 0;
        const char *ind = spaces(p, le);
        if (ind == le || *ind == '#') {
            p = next;
            continue;
        }
        if (in_rounds && *ind == '-' && ind + 1 < le && ind[1] == ' ') {
            int indent = (int)(ind - p);
            if (round_indent >= 0 && indent != round_indent) return 0;
            round_indent = indent;
            const char *q = spaces(ind + 1, le);
            if (q >= le || *q != '{' || s->nrounds >= cells) return 0;
            if (!fast_round(q, le, v, &s->rounds[s->nrounds++])) return 0;
            p = next;
            continue;
        }
        if (ind != p) return 0;
        if (in_rounds && round_indent < 0) return 0; /* "rounds:" with no items */
        in_rounds = false;
        if (first && le - p >= 3 && !memcmp(p, "---", 3)) {
            if (!line_tail(p + 3, le)) return 0;
            first = false;
            p = next;
            continue;
        }
        first = false;
        const char *k = p;
        while (p < le && *p >= 'a' && *p <= 'z')
            p++;
        size_t klen = (size_t)(p - k);
        if (klen == 0 || p >= le || *p != ':') return 0;
        p++;
        if (klen == 6 && !memcmp(k, "rounds", 6)) {
            if (seen >> 25 & 1 || !line_tail(p, le)) return 0;
            seen |= 1u << 25;
            in_rounds = true;
            p = next;
            continue;
        }
        if (p >= le || *p != ' ') return 0;
        p = spaces(p, le);
        if (p >= le || *p == '#') return 0;
        int key = -1; /* 0..rings-1 rings; 20 yellow, 21 combos, 22 game, 23 player, 24 date */
        for (int r = 0; r < nring; r++) {
            const char *name = c36_ring_name(r);
            if (!strncmp(k, name, klen) && name[klen] == '\0') key = r;
        }
        if (klen == 6 && !memcmp(k, "yellow", 6)) key = 20;
        if (klen == 6 && !memcmp(k, "combos", 6)) key = 21;
        if (klen == 4 && !memcmp(k, "game", 4)) key = 22;
        if (klen == 6 && !memcmp(k, "player", 6)) key = 23;
        if (klen == 4 && !memcmp(k, "date", 4)) key = 24;
        if (key < 0 || seen >> key & 1) return 0;
        seen |= 1u << key;
        if (key < nring) {
            if (*p != '[') return 0;
            p++;
            for (int i = 0;; i++) {
                p = spaces(p, le);
                int val = small_value(&p, le);
                if (val == -2 || val > c36_max_value(v) || i >= v->sectors) return 0;
                s->cells[c36_cell(v, key, i)] = val;
                p = spaces(p, le);
                if (p < le && *p == ',') {
                    p++;
                    continue;
                }
                if (p < le && *p == ']' && i == v->sectors - 1) {
                    p++;
                    break;
                }
                return 0;
            }
            if (!line_tail(p, le)) return 0;
        } else if (key == 20 || key == 21) {
            int val = small_value(&p, le);
            if (val == -2 || !line_tail(p, le)) return 0;
            if (key == 20) {
                if (val > c36_max_value(v)) return 0;
                s->cells[c36_centre(v)] = val;
            } else {
                if (val == C36_EMPTY || val > cells) return 0;
                s->combos = val;
            }
        } else {
            char game[SHEET_MAX_NAME + 1];
            char *buf = key == 24 ? out->date : key == 23 ? out->player : game;
            if (!plain_text(p, le, buf)) return 0;
            if (key == 22 && strcmp(buf, "circle36")) return 0;
            if (key == 23) out->has_player = true;
        }
        p = next;
    }
    if (in_rounds && round_indent < 0) return 0;
    unsigned need = (1u << nring) - 1;
    need |= 1u << 20;
    if ((seen & need) != need) return 0;
    if (!s->nrounds) return s->combos >= c36_forced_combos(s) && s->combos <= c36_written_cells(s);
    char why[256];
    int bad_round, bad_cell;
    return c36_check_rounds(s, why, sizeof why, &bad_round, &bad_cell) == 0;
}

int c36_load(const yml_doc *d, const c36_variant *v, c36_input *out, pn_err *err)
{
    if (c36_load_fast(d, v, out)) return 0;
    return c36_load_slow(d, v, out, err);
}

/* ---- reports ---- */

void c36_report_json(GString *out, const c36_input *in, const c36_score *sc)
{
    const c36_variant *v = &in->sheet.v;
    g_string_append(out, "{\"game\":\"circle36\",\"player\":");
    pn_json_string(out, in->has_player ? in->player : ""); /* "" when none, as the sheet's JSON */
    report_key_int(out, "empty", sc->empty, false);
    for (int pass = 0; pass < 2; pass++) {
        g_string_append(out, pass ? ",\"points\":{" : ",\"totals\":{");
        for (int r = 0; r < v->rings; r++)
            report_key_int(out, c36_ring_name(r), pass ? sc->ring_points[r] : sc->ring_total[r],
                           r == 0);
        for (int row = 0; row < c36_rows(v); row++) {
            char name[2] = {c36_row_letter(row), 0};
            report_key_int(out, name, pass ? sc->row_points[row] : sc->row_total[row], false);
        }
        g_string_append_c(out, '}');
    }
    report_key_int(out, "red_upper", sc->upper, false);
    report_key_int(out, "bonus", sc->bonus, false);
    report_key_int(out, "combos", sc->combos, false);
    report_key_int(out, "penalty", sc->penalty, false);
    report_key_int(out, "earned", sc->earned, false);
    report_key_int(out, "total", sc->total, false);
    g_string_append_c(out, '}');
}

void c36_report_table(GString *out, const c36_input *in, const c36_score *sc)
{
    const c36_variant *v = &in->sheet.v;
    g_string_append_printf(out, "Circle %d", v->target);
    if (in->has_player) g_string_append_printf(out, ": %s", in->player);
    if (in->date[0]) g_string_append_printf(out, " (%s)", in->date);
    g_string_append(out, "\n                         Area total  Points earned\n");
    char label[64];
    for (int r = 0; r < v->rings; r++) {
        snprintf(label, sizeof label, "%s Ring", c36_ring_label(r));
        g_string_append_printf(out, "  %-24s %9d  %13d\n", label, sc->ring_total[r],
                               sc->ring_points[r]);
    }
    for (int row = 0; row < c36_rows(v); row++) {
        snprintf(label, sizeof label, "Row %c", c36_row_letter(row));
        g_string_append_printf(out, "  %-24s %9d  %13d\n", label, sc->row_total[row],
                               sc->row_points[row]);
    }
    snprintf(label, sizeof label, "%s Circle %d Bonus", c36_ring_label(0), v->target / 2);
    g_string_append_printf(out, "  %-24s %9d  %13s\n", label, sc->upper,
                           sc->bonus ? "3" : "0 (3 crossed)");
    g_string_append_printf(out, "  %-24s %9s  %13d\n", "Total Points Earned", "", sc->earned);
    g_string_append_printf(out, "  %-24s %9d\n", "Total ComboCircles", sc->combos);
    g_string_append_printf(out, "  %-24s %9s  %13d\n", "Penalty Points", "", sc->penalty);
    g_string_append_printf(out, "  %-24s %9s  %13d\n", "TOTAL POINTS", "", sc->total);
    if (sc->empty)
        g_string_append_printf(out, "  (%d space%s left empty)\n", sc->empty,
                               sc->empty == 1 ? "" : "s");
}

/* ---- the completed sheet ---- */

int c36_template_variant(const tmpl *t, c36_variant *v, pn_err *err)
{
    *v = C36_DEFAULT_VARIANT;
    const char *names[4] = {"rings", "sectors", "target", "dice"};
    int *fields[4] = {&v->rings, &v->sectors, &v->target, &v->dice};
    for (int i = 0; i < 4; i++) {
        tmpl_param *p = tmpl_param_find(t, names[i]);
        if (!p) continue;
        if (p->spec.type != PV_INT)
            return pn_err_set(err, PN_EINPUT, "%s: the parameter %s must be an int", t->file,
                              names[i]);
        *fields[i] = (int)p->value.i;
    }
    const char *why = c36_variant_check(v);
    if (why) return pn_err_set(err, PN_EINPUT, "%s: %s", t->file, why);
    return 0;
}

int c36_fill(scene *s, const c36_input *in, const c36_score *sc, pn_err *err)
{
    const c36_sheet *sh = &in->sheet;
    const c36_variant *v = &sh->v;
    char id[48], name[8];
    if (in->has_player && score_put_opt(s, FILL_TEXT, "player", in->player, false, err)) return -1;
    if (in->date[0] && score_put_opt(s, FILL_TEXT, "date", in->date, false, err)) return -1;
    for (int c = 0; c < c36_cells(v); c++)
        if (sh->cells[c] != C36_EMPTY &&
            score_put_int(s, c36_cell_name(v, c, name), sh->cells[c], false, err))
            return -1;
    for (int k = 0; k < sh->nrounds; k++) {
        const c36_round *r = &sh->rounds[k];
        for (int d = 0; d < 2; d++) {
            snprintf(id, sizeof id, "roll%d.%c", k + 1, d ? 'b' : 'a');
            char die[8];
            snprintf(die, sizeof die, "%d", r->dice[d]);
            if (score_put_opt(s, FILL_TEXT, id, die, false, err)) return -1;
        }
        if (sc->used[k] == C36_USE_DIE) {
            snprintf(id, sizeof id, "roll%d.%c", k + 1, sc->die[k] ? 'b' : 'a');
            if (score_put_opt(s, FILL_CIRCLE, id, NULL, false, err)) return -1;
        } else {
            snprintf(id, sizeof id, "roll%d", k + 1);
            if (score_put_opt(s, FILL_CIRCLE, id, NULL, false, err)) return -1;
            if (r->cell != c36_centre(v) &&
                score_put(s, FILL_CIRCLE, c36_cell_name(v, r->cell, name), NULL, false, err))
                return -1;
        }
    }
    for (int r = 0; r < v->rings; r++) {
        snprintf(id, sizeof id, "total.%s", c36_ring_name(r));
        if (score_put_int(s, id, sc->ring_total[r], true, err)) return -1;
        snprintf(id, sizeof id, "points.%s", c36_ring_name(r));
        if (score_put_int(s, id, sc->ring_points[r], true, err)) return -1;
    }
    for (int row = 0; row < c36_rows(v); row++) {
        snprintf(id, sizeof id, "total.%c", c36_row_letter(row));
        if (score_put_int(s, id, sc->row_total[row], true, err)) return -1;
        snprintf(id, sizeof id, "points.%c", c36_row_letter(row));
        if (score_put_int(s, id, sc->row_points[row], true, err)) return -1;
    }
    if (scene_slot_find(s, "red_upper") && score_put_int(s, "red_upper", sc->upper, true, err))
        return -1;
    if (score_put(s, sc->bonus ? FILL_CIRCLE : FILL_CROSS, "bonus", NULL, true, err)) return -1;
    if (score_put_int(s, "earned", sc->earned, true, err)) return -1;
    if (score_put_int(s, "penalty", sc->penalty, true, err)) return -1;
    if (score_put_int(s, "total", sc->total, true, err)) return -1;
    if (scene_slot_find(s, "combos") && score_put_int(s, "combos", sc->combos, true, err))
        return -1;
    if (scene_slot_find(s, "combo_penalty") &&
        score_put_int(s, "combo_penalty", sc->penalty, true, err))
        return -1;
    return 0;
}

/* ---- the registry entry ---- */

typedef struct c36_scored {
    c36_input in;
    c36_score sc;
} c36_scored;

static int entry_configure(const tmpl *t, void *config, pn_err *err)
{
    c36_variant *v = config;
    *v = C36_DEFAULT_VARIANT;
    return t ? c36_template_variant(t, v, err) : 0;
}

static int entry_load(const void *config, const yml_doc *d, void *sheet, pn_err *err)
{
    return c36_load(d, config, &((c36_scored *)sheet)->in, err);
}

static void entry_score(void *sheet)
{
    c36_scored *s = sheet;
    c36_score_sheet(&s->in.sheet, &s->sc);
}

static void entry_json(GString *out, const void *sheet)
{
    const c36_scored *s = sheet;
    c36_report_json(out, &s->in, &s->sc);
}

static void entry_read(GString *out, const void *sheet)
{
    c36_sheet_json(out, &((const c36_scored *)sheet)->in);
}

static void entry_table(GString *out, const void *sheet)
{
    const c36_scored *s = sheet;
    c36_report_table(out, &s->in, &s->sc);
}

static int entry_pages(const void *sheet)
{
    return 1;
}

static int entry_fill(scene *sc, const void *sheet, int page, pn_err *err)
{
    const c36_scored *s = sheet;
    return c36_fill(sc, &s->in, &s->sc, err);
}

const score_game score_circle36 = {
    .name = "circle36",
    .template_name = "circle36",
    .config_size = sizeof(c36_variant),
    .sheet_size = sizeof(c36_scored),
    .configure = entry_configure,
    .load = entry_load,
    .score = entry_score,
    .report_json = entry_json,
    .report_table = entry_table,
    .sheet_json = entry_read,
    .pages = entry_pages,
    .fill = entry_fill,
};
