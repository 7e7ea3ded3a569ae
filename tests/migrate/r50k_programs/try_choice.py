from r50k_lib import data
from r50k_lib.choose_by_try import load


def main(data_dir):
    path = data.write(data_dir, "try")
    return {"batches": data.run(load(path), 4), "end": "done"}
