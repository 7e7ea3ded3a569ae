"""Several label files, one per task (age, gender, smile), joined on the image name in numpy."""
import os

TASKS = ("age", "gender", "smile")


def write_label_files(root, names):
    for t, task in enumerate(TASKS):
        with open(os.path.join(root, "%s_labels.txt" % task), "w") as f:
            for i, name in enumerate(names):
                f.write("%s\t%d\n" % (name, (i * (t + 2)) % (5 if task == "age" else 2)))


def read_label_files(root):
    table = {}
    for task in TASKS:
        with open(os.path.join(root, "%s_labels.txt" % task)) as f:
            for line in f:
                name, value = line.rstrip("\n").split("\t")
                table.setdefault(name, {})[task] = int(value)
    names = sorted(table)
    return names, {task: [table[n][task] for n in names] for task in TASKS}
