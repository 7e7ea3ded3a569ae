"""Entry lists parsed in Python: one sample a line, fields split by spaces, one list per field."""


def parse_rows(path, kinds):
    columns = [[] for _ in kinds]
    count = 0
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) != len(kinds):
                continue
            for i, part in enumerate(parts):
                columns[i].append(kinds[i](part))
            count += 1
    return columns, count
