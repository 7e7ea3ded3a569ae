# -*- coding: utf-8 -*-
"""Entry lists: one sample a line, fields split by spaces."""


def parse_from_text(text_path, dtype_list, path_list):
    """ dtype_list: the python type of each field; path_list: True where a field is a path to check."""
    dtype_size = len(dtype_list)
    assert dtype_size == len(path_list)
    res = [[] for _ in range(dtype_size)]
    count = 0
    with open(text_path) as fp:
        for line in fp:
            r = line.split(' ')
            if len(r) != dtype_size:
                continue
            for idx, ts in enumerate(r):
                res[idx].append(dtype_list[idx](ts.strip()))
            count += 1
    return res, count
