"""Solar farm: the pipeline and a Trainer class live in a package (solar_lib/); the Trainer's fit() runs a
Supervisor managed_session loop over a shuffled two-epoch pipeline read by two batching threads."""

import os

from solar_lib import records
from solar_lib.trainer import Trainer


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "h20_solar"))
    trainer = Trainer(files, batch_size=6, num_epochs=2)
    batches = trainer.fit()
    return {"batches": batches, "end": sum(len(b[0]) for b in batches)}
