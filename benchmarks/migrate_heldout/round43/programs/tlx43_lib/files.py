#! /usr/bin/python
# -*- coding: utf-8 -*-
import os


def load_folder_list(path=""):
    """Return a folder list in a folder by given a folder path."""
    return sorted([os.path.join(path, o) for o in os.listdir(path) if os.path.isdir(os.path.join(path, o))])


def load_file_list(path=None, regx='\\.txt', printable=False):
    """Return a file list in a folder by given a path and regular expression."""
    import re
    if path is None:
        path = os.getcwd()
    file_list = os.listdir(path)
    return_list = [f for f in file_list if re.search(regx, f)]
    return sorted(return_list)
