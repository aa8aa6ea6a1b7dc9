# The project's Jupyter server and JupyterLab settings. `npm run lab`, the browser test and the headless notebook
# runs put this folder on JUPYTER_CONFIG_PATH (scripts/jupyter.mjs); Jupyter reads it after its own defaults.
#
# Everything here keeps JupyterLab off the network: the notebooks, their kernel and the plotly renderer all work
# offline, and a researcher's machine (or CI) may have no route out.
import os

here = os.path.dirname(os.path.abspath(__file__))

# No news feed (jupyterlab.github.io) and no check for a newer JupyterLab (pypi.org).
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
# The extension manager lists what is installed and searches no index (the default, "pypi", queries pypi.org).
c.LabApp.extension_manager = "readonly"
# The front end's defaults for the same switches (lab-settings/overrides.json): no news prompt, no update check,
# the extension manager panel off.
c.LabApp.app_settings_dir = os.path.join(here, "lab-settings")
# A notebook created from the launcher gets the project's kernel (tslab, "TypeScript").
c.MultiKernelManager.default_kernel_name = "tslab"
# Notebook 7 (installed beside JupyterLab, same front-end components) reads the same front-end defaults.
c.JupyterNotebookApp.app_settings_dir = os.path.join(here, "lab-settings")
