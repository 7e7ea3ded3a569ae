"""The batch made in a package module whose reader helper is one of two modules' ``read_record``, chosen by a
config ``if``/``elif`` of imports."""
from r50k_lib import choose_by_config, data


def main(data_dir):
    path = data.write(data_dir, "config")
    return {"batches": data.run(choose_by_config.load(path), 4), "end": "done"}
