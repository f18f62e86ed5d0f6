/* fuzz_csv.c: libFuzzer harness for the CSV data merge (template/data.c over
 * libcsv): the input is a CSV file. Checks: an error is one line of valid
 * UTF-8 starting with the file's name; a table read has a header, every row
 * as many values as columns, valid UTF-8 values within TMPL_DATA_MAX_FIELD,
 * and rows on lines that rise and exist in the file. The table is then merged
 * into a small template whose components use columns a, b and c as text, in
 * an expression and as a number (its own rows name them), in place of its
 * own rows, and the first rows are resolved. */
#include "fuzz/fuzz_util.h"
#include "template/data.h"
#include "template/tmpl.h"

#define FUZZ_FILE "fuzz.csv"

static const char merge_template[] =
    "name: merge\n"
    "data:\n"
    "  - {a: x, b: 1, c: 2}\n"
    "components:\n"
    "  - {type: text, text: \"$a\", x: 10mm, y: 10mm}\n"
    "  - {type: text, text: \"${b} and ${a}\", x: \"${b}mm\", y: 20mm, when: \"b != ''\"}\n"
    "  - {type: grid, rows: \"$c\", cols: 2, cell: 5mm, prefix: g}\n";

static void check_table(const tmpl_data *d, const uint8_t *data, size_t size)
{
    int lines = 1;
    for (size_t i = 0; i < size; i++) /* LF, CR LF or a lone CR */
        lines += data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'));
    int last = 0;
    if (!d->cols->len || !d->rows->len || d->rows->len != d->lines->len) {
        fprintf(stderr, "fuzz: a table of %u columns, %u rows, %u lines\n", d->cols->len,
                d->rows->len, d->lines->len);
        abort();
    }
    for (guint r = 0; r < d->rows->len; r++) {
        char **row = g_ptr_array_index(d->rows, r);
        for (guint c = 0; c < d->cols->len; c++)
            if (!row[c] || strlen(row[c]) > TMPL_DATA_MAX_FIELD ||
                !g_utf8_validate(row[c], -1, NULL))
                abort();
        if (row[d->cols->len]) abort();
        int line = g_array_index(d->lines, int, r);
        if (line <= last || line > lines) {
            fprintf(stderr, "fuzz: row %u on line %d (after %d, of %d)\n", r + 1, line, last,
                    lines);
            abort();
        }
        last = line;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pn_err err = {0};
    tmpl_data *d = tmpl_data_parse_csv(FUZZ_FILE, (const char *)data, size, &err);
    if (!d) {
        fuzz_check_err(&err, FUZZ_FILE);
        return 0;
    }
    check_table(d, data, size);
    tmpl *t = tmpl_load_buffer("merge.yaml", merge_template, sizeof merge_template - 1, &err);
    if (!t) {
        fprintf(stderr, "fuzz: %s\n", err.msg);
        abort();
    }
    int rows = (int)d->rows->len;
    if (tmpl_set_data(t, d, &err)) { /* the template has no parameters */
        fprintf(stderr, "fuzz: %s\n", err.msg);
        abort();
    }
    pn_err_clear(&err);
    if (tmpl_resolve(t, &err)) fuzz_check_err(&err, NULL);
    for (int r = 1; r < rows && r < 4; r++) {
        pn_err_clear(&err);
        if (tmpl_select_row(t, r, &err)) fuzz_check_err(&err, NULL);
    }
    tmpl_free(t);
    return 0;
}
