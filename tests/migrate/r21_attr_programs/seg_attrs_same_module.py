"""The reader class in the program's own module (`import tensorflow.compat.v1 as v1`), made inline and read
by attribute on each step's fetch (`reader.label` alone on some steps: one element per run either way); a
reused name (`image` is also a local of `write_list`)."""

import os

import tensorflow.compat.v1 as v1


def write_list(data_dir):
    lines = []
    for image in range(6):
        lines.append("image-%d.png image-%d.png" % (image, 5 - image))
    path = os.path.join(data_dir, "r21a_pairs.txt")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    return path


class PairReader(object):
    """Image / mask pairs listed in a text file, read one at a time."""

    def __init__(self, data_dir, list_path):
        images, masks = [], []
        with open(list_path) as f:
            for row in f:
                image, mask = row.split()
                images.append(os.path.join(data_dir, image))
                masks.append(os.path.join(data_dir, mask))
        self.queue = v1.train.slice_input_producer([v1.constant(images), v1.constant(masks)], shuffle=False)
        img = v1.image.decode_png(v1.read_file(self.queue[0]), channels=1)
        self.image = v1.cast(img, v1.float32) - 10.0
        self.mask = v1.image.decode_png(v1.read_file(self.queue[1]), channels=1)

    def dequeue(self, num_elements):
        """Pack images and masks into a batch."""
        return v1.train.batch([self.image, self.mask], num_elements)


def main(data_dir):
    reader = PairReader(data_dir, write_list(data_dir))
    image = v1.expand_dims(reader.image, dim=0)
    batches = []
    with v1.Session() as sess:
        threads = v1.train.start_queue_runners(sess=sess)
        for step in range(8):
            if step % 3 == 2:
                (m,) = sess.run([reader.mask])
                batches.append([[], m.reshape(-1).tolist()])
            else:
                x, m = sess.run([image, reader.mask])
                batches.append([x.reshape(-1).tolist(), m.reshape(-1).tolist()])
    return {"batches": batches, "end": [len(batches), threads is not None]}
