from r50k_lib import data, same_in_both


def main(data_dir):
    path = data.write(data_dir, "same")
    return {"batches": data.run(same_in_both.load(path), 4), "end": "done"}
