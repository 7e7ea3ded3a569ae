"""core/database/data_entry.py: parses the list file "path label" into python lists (the fixed format of the
framework's entry files)."""
import os


def load_image(data_root, entry_path):
    """ return image_list, label_list from an entry file """
    image_list, label_list = [], []
    with open(entry_path) as fp:
        for line in fp:
            r = line.strip().split(' ')
            if len(r) < 2:
                continue
            image_list.append(os.path.join(data_root, r[0]))
            label_list.append(int(r[1]))
    return image_list, label_list
