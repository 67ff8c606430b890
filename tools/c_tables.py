"""C text shared by the generators of tools/: tables of binary64 values."""


def print_rows16(name, rows):
    """Prints `static const double name[len(rows)][16]`, each row's 16 values as exact
    hexadecimal literals, four a line."""
    print("static const double %s[%d][16] = {" % (name, len(rows)))
    for row in rows:
        vals = [float(v).hex() for v in row]
        print("    {" + ", ".join(vals[:4]) + ",")
        for i in (4, 8):
            print("     " + ", ".join(vals[i:i + 4]) + ",")
        print("     " + ", ".join(vals[12:]) + "},")
    print("};")
